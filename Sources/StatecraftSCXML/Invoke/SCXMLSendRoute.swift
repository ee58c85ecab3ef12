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
}
