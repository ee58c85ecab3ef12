/// Why a ``MachineDescription`` is inconsistent; each case names the offending state, event or
/// transition (transitions by their zero-based position in ``MachineDescription/transitions``).
public enum MachineDescriptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Two states share the identifier.
    case duplicateState(id: String)
    /// A state names a parent that does not exist or is declared after it.
    case unknownParent(state: String, parent: String)
    /// A state names as parent a state whose kind cannot have children.
    case parentCannotHaveChildren(state: String, parent: String, kind: StateDescription.Kind)
    /// A compound state's initial child is not one of its descendants.
    case unknownInitialChild(state: String, child: String)
    /// A state that is not compound names an initial child.
    case initialChildOnNonCompoundState(state: String, kind: StateDescription.Kind)
    /// The machine's initial state does not exist.
    case unknownInitialState(id: String)
    /// Two events share the identifier.
    case duplicateEvent(id: String)
    /// A transition leaves from a state that does not exist.
    case unknownSource(transition: Int, source: String)
    /// A transition is triggered by an event that does not exist.
    case unknownEvent(transition: Int, event: String)
    /// A transition targets a state that does not exist.
    case unknownTarget(transition: Int, target: String)

    /// A sentence naming the problem and the offending identifiers.
    public var description: String {
        switch self {
        case .duplicateState(let id):
            "state '\(id)' is declared more than once"
        case .unknownParent(let state, let parent):
            "state '\(state)' names parent '\(parent)', which is not a state declared before it"
        case .parentCannotHaveChildren(let state, let parent, let kind):
            "state '\(state)' names parent '\(parent)', but a \(kind.rawValue) state cannot have children"
        case .unknownInitialChild(let state, let child):
            "state '\(state)' names initial child '\(child)', which is not one of its descendants"
        case .initialChildOnNonCompoundState(let state, let kind):
            "state '\(state)' is \(kind.rawValue) and cannot name an initial child"
        case .unknownInitialState(let id):
            "the initial state '\(id)' is not a declared state"
        case .duplicateEvent(let id):
            "event '\(id)' is declared more than once"
        case .unknownSource(let transition, let source):
            "transition \(transition) leaves from '\(source)', which is not a declared state"
        case .unknownEvent(let transition, let event):
            "transition \(transition) is triggered by '\(event)', which is not a declared event"
        case .unknownTarget(let transition, let target):
            "transition \(transition) targets '\(target)', which is not a declared state"
        }
    }
}
