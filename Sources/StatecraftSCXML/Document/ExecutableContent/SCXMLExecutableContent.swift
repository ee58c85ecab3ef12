/// One element of executable content, as found in `<onentry>`, `<onexit>`, `<transition>` and `<if>`.
public enum SCXMLExecutableContent: Hashable, Sendable {
    /// `<raise event="…"/>`: puts an internal event on the internal queue.
    case raise(SCXMLRaise)
    /// `<send …/>`: sends an event now or after a delay.
    case send(SCXMLSend)
    /// `<cancel sendid="…"/>`: cancels a delayed `<send>`.
    case cancel(SCXMLCancel)
    /// `<log label="…" expr="…"/>`: reports a value.
    case log(SCXMLLog)
    /// `<if cond="…">…<elseif cond="…"/>…<else/>…</if>`: runs the first branch whose condition holds.
    case `if`(SCXMLIf)
    /// `<assign location="…" expr="…"/>`: changes a data model variable.
    case assign(SCXMLAssign)
    /// `<foreach array="…" item="…" index="…">…</foreach>`: runs content for each element of an array.
    case foreach(SCXMLForeach)
    /// `<script>…</script>`: runs statements of the ECMAScript subset.
    case script(SCXMLScript)

    /// Where the element is.
    public var sourceLocation: SCXMLSourceLocation {
        switch self {
        case .raise(let raise): raise.sourceLocation
        case .send(let send): send.sourceLocation
        case .cancel(let cancel): cancel.sourceLocation
        case .log(let log): log.sourceLocation
        case .if(let conditional): conditional.sourceLocation
        case .assign(let assign): assign.sourceLocation
        case .foreach(let foreach): foreach.sourceLocation
        case .script(let script): script.sourceLocation
        }
    }

    /// The element's name, such as `send`.
    public var elementName: String {
        switch self {
        case .raise: "raise"
        case .send: "send"
        case .cancel: "cancel"
        case .log: "log"
        case .if: "if"
        case .assign: "assign"
        case .foreach: "foreach"
        case .script: "script"
        }
    }
}
