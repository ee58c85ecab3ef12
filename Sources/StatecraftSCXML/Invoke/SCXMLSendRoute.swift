/// Where a `<send>` to another session goes: the invoking session (`#_parent`) or an invoked one
/// (`#_<invokeid>`), SCXML 1.0 §6.2.4.
enum SCXMLSendRoute: Hashable, Sendable {
    /// `#_parent`.
    case parent
    /// `#_<invokeid>`.
    case invocation(String)

    /// The route of a `<send target>`; `nil` for other targets (`#_internal`, `#_scxml_…`, URIs).
    init?(target: String) {
        guard target.hasPrefix("#_"), target != SCXMLSend.internalTarget, !target.hasPrefix("#_scxml_") else {
            return nil
        }
        self = target == "#_parent" ? .parent : .invocation(String(target.dropFirst(2)))
    }

    /// Marks a delayed send to another session while it waits in the sender's delayed-event queue: no
    /// SCXML event name contains NUL.
    private static let delayedMark = "\u{0}statecraft.route\u{0}"

    /// `event`, marked to be routed when it falls due.
    func delayed(_ event: SCXMLEvent) -> SCXMLEvent {
        var marked = event
        let target =
            switch self {
            case .parent: "#_parent"
            case .invocation(let id): "#_\(id)"
            }
        marked.name = Self.delayedMark + target + "\u{0}" + event.name
        return marked
    }

    /// The route and the event of a delayed send marked by ``delayed(_:)``; `nil` for any other event.
    static func routed(_ event: SCXMLEvent) -> (SCXMLSendRoute, SCXMLEvent)? {
        guard event.name.hasPrefix(delayedMark) else { return nil }
        let rest = event.name.dropFirst(delayedMark.count)
        guard let separator = rest.firstIndex(of: "\u{0}"),
            let route = SCXMLSendRoute(target: String(rest[..<separator]))
        else { return nil }
        var original = event
        original.name = String(rest[rest.index(after: separator)...])
        return (route, original)
    }
}
