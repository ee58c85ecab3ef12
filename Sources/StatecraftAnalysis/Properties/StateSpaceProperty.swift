/// A property of a machine's whole reachable state space, checked by ``StateSpace/check(_:)``.
///
/// ```swift
/// space.check(.never(["uploading", "offline"]))                       // never both at once
/// space.check(.alwaysCanReach("done"))                               // from everywhere, done stays reachable
/// space.check(.unreachableAfter(event: "cancel", state: "uploading", unless: "retry"))
/// ```
///
/// Properties are checked over the configurations a step settles in (not the ones a macrostep passes
/// through) and over events as the space offers them — every event of the alphabet in every configuration.
public enum StateSpaceProperty: Sendable, Hashable, Codable, CustomStringConvertible {
    /// No reachable configuration has all these states active at once ("never both A and B").
    case never([String])
    /// From every reachable configuration, some event sequence reaches a configuration where the state is
    /// active — the machine can never get stuck away from it.
    case alwaysCanReach(String)
    /// Once `event` has been handled, `state` is not entered again unless `unless` is handled first.
    case unreachableAfter(event: String, state: String, unless: String?)

    /// The property in words.
    public var description: String {
        switch self {
        case .never(let states):
            "never \(states.map { "'\($0)'" }.joined(separator: " and ")) at once"
        case .alwaysCanReach(let state):
            "from every configuration, '\(state)' can be reached"
        case .unreachableAfter(let event, let state, let unless):
            "after '\(event)', '\(state)' is unreachable" + (unless.map { " without '\($0)'" } ?? "")
        }
    }
}
