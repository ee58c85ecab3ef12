import Statecraft

/// The handle of an `<invoke>` refused when it was to start (``SCXMLLimits/maximumInvokedSessions``): it
/// runs nothing, accepts no event (a `<send>` to it raises `error.communication`), and cancelling it does
/// nothing.
final class SCXMLRefusedInvocation: InvocationHandle {
    func cancel() {}

    func receive(_ event: Any) -> Bool { false }
}
