/// How SCXML carries a guard whose code it cannot hold — a Swift guard, known by its name:
/// `cond="statecraft.guard('hasItems')"`.
///
/// ``SCXMLDocument/init(describing:)`` writes such a condition for every transition description whose
/// condition is opaque (`TransitionDescription.isConditionOpaque`), and
/// ``SCXMLDocument/machineDescription()`` reads it back as the opaque condition `hasItems`. Validation and
/// exploration (StatecraftAnalysis) treat it as "may be true or false" and follow both outcomes. An
/// interpreter cannot decide it: `statecraft run` refuses a document that holds one, naming the guard and
/// its line, and a session started in code evaluates it as an unknown variable (`statecraft`), which raises
/// `error.execution` and counts as false (SCXML 1.0 §5.9).
public enum SCXMLOpaqueGuard {
    /// The condition standing for the guard named `name`: `statecraft.guard('hasItems')`.
    ///
    /// - Parameter name: The guard's name.
    /// - Returns: The expression.
    public static func condition(named name: String) -> SCXMLExpression {
        .method(.variable("statecraft"), "guard", [.literal(.string(name))])
    }

    /// The name of the guard `condition` stands for, when it is exactly `statecraft.guard('…')`; `nil` for any
    /// other expression.
    ///
    /// - Parameter condition: A transition's condition.
    /// - Returns: The guard's name, or `nil`.
    public static func name(in condition: SCXMLExpression) -> String? {
        guard case .method(.variable("statecraft"), "guard", let arguments) = condition, arguments.count == 1,
            case .literal(.string(let name)) = arguments[0]
        else { return nil }
        return name
    }

    /// The opaque guards of a document's transitions: each transition whose condition is one, with the
    /// guard's name, in document order.
    ///
    /// - Parameter document: The document.
    /// - Returns: The transitions and names.
    /// - Complexity: O(*n*) in the number of states and transitions.
    public static func guards(in document: SCXMLDocument) -> [(transition: SCXMLTransitionNode, name: String)] {
        var found: [(transition: SCXMLTransitionNode, name: String)] = []
        for state in document.allStates {
            for transition in state.transitions {
                if let condition = transition.condition, let name = name(in: condition) {
                    found.append((transition, name))
                }
            }
        }
        return found
    }
}
