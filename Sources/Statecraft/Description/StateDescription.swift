/// One state of a ``MachineDescription``: its identifier, label, kind and place in the hierarchy.
///
/// Flat machines have only ``Kind-swift.enum/atomic`` states without parents. Statecharts nest states by
/// naming a ``parent``; a ``Kind-swift.enum/compound`` state enters its ``initialChild`` (or, when that is
/// `nil`, its first child in document order), a ``Kind-swift.enum/parallel`` state enters all its children
/// (its regions) at once.
public struct StateDescription: Sendable, Hashable, Codable {
    /// What kind of state this is.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A state without children.
        case atomic
        /// A state with children, exactly one of which is active while it is.
        case compound
        /// A state whose children (regions) are all active while it is.
        case parallel
        /// A final state: entering it completes its parent (or the machine).
        case final
        /// A shallow history pseudo-state: re-enters the parent's most recently active child.
        case shallowHistory
        /// A deep history pseudo-state: re-enters the parent's most recently active descendants.
        case deepHistory

        /// Whether the kind is one of the history pseudo-states.
        public var isHistory: Bool { self == .shallowHistory || self == .deepHistory }

        /// Whether states of this kind may have children.
        public var canHaveChildren: Bool { self == .compound || self == .parallel }
    }

    /// The identifier, unique within the machine. Transitions and parents refer to states by it.
    public var id: String
    /// The text diagrams show for the state.
    public var label: String
    /// What kind of state this is.
    public var kind: Kind
    /// The identifier of the enclosing compound or parallel state; `nil` for a top-level state.
    public var parent: String?
    /// For a compound state, the identifier of the descendant entered by default; `nil` means the first
    /// child in document order.
    public var initialChild: String?

    /// Creates a state description.
    ///
    /// - Parameters:
    ///   - id: The identifier, unique within the machine.
    ///   - label: The text diagrams show; defaults to `id`.
    ///   - kind: What kind of state this is; ``Kind-swift.enum/atomic`` by default.
    ///   - parent: The enclosing compound or parallel state, or `nil` for a top-level state.
    ///   - initialChild: For a compound state, the descendant entered by default.
    public init(
        id: String, label: String? = nil, kind: Kind = .atomic, parent: String? = nil,
        initialChild: String? = nil
    ) {
        self.id = id
        self.label = label ?? id
        self.kind = kind
        self.parent = parent
        self.initialChild = initialChild
    }
}
