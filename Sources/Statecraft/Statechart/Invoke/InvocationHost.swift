/// What a running invocation is given by the machine that started it: a way to send that machine events,
/// to report errors, and to run async work on its run loop. Lives on the machine's isolation.
///
/// Not API: public through `package` for the SCXML importer's child sessions.
package final class InvocationHost {
    /// The invocation's identifier.
    package let invocationID: String
    /// Sends an event of the invoking machine's event type to the back of its queue (SCXML 1.0 §6.4:
    /// events from a child go to the parent's external queue).
    package let sendToParent: (Any) -> Void
    /// Reports an error to the invoking machine's effect-error observers.
    package let report: (any Error) -> Void
    /// Runs a task on the run loop of the outermost machine (``StateMachine/run(clock:isolation:)``),
    /// now if it runs, otherwise when it starts.
    package let schedule: (InvocationTask) -> Void
    /// What the invoking machine's runtime hands its invocations (``ChartRuntime/_invocationContext``).
    package let context: AnyObject?
    /// The invoking machine's runtime.
    package private(set) weak var owner: ChartRuntime?

    /// Creates a host.
    package init(
        invocationID: String, sendToParent: @escaping (Any) -> Void, report: @escaping (any Error) -> Void,
        schedule: @escaping (InvocationTask) -> Void, context: AnyObject? = nil, owner: ChartRuntime? = nil
    ) {
        self.owner = owner
        self.invocationID = invocationID
        self.sendToParent = sendToParent
        self.report = report
        self.schedule = schedule
        self.context = context
    }
}

/// A running invocation, as the machine that started it holds it until its state is left.
///
/// Not API: public through `package` for the SCXML importer's child sessions.
package protocol InvocationHandle: AnyObject {
    /// Stops the invocation: its state was left, or the machine finished. Nothing it does afterwards
    /// reaches the machine.
    func cancel()
    /// Delivers an event of the invoking machine's event type (``ChartScope/send(_:toInvocation:)`` or
    /// autoforward).
    ///
    /// - Returns: Whether the invocation accepted the event.
    func receive(_ event: Any) -> Bool
}
