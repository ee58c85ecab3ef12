import Foundation
import Statecraft

/// The child sessions an SCXML session invoked, and theirs, in the order they started: the session runs
/// their queues after each of its own macrosteps and delivers their delayed events on its virtual time.
final class SCXMLInvocationTree {
    /// The invoking session's virtual time.
    var now: () -> Duration = { .zero }
    private(set) var children: [SCXMLChildSession] = []

    func add(_ child: SCXMLChildSession) {
        children.append(child)
    }

    func remove(_ child: SCXMLChildSession) {
        children.removeAll { $0 === child }
    }

    /// Lets go of every child session. The children's runtimes hold the tree (it is their invocation
    /// context), so a tree still holding its children would keep them and itself alive after its session is
    /// gone: the session calls this when it is released.
    func removeAll() {
        children.removeAll()
    }

    /// The most events the children may process in one run of their queues (``runChildren()``): children
    /// that keep sending each other events, or a child answered forever by its own children, stop there.
    static let maximumEventsPerRun = 10_000

    /// Why the children stopped for good, which ends the invoking session's run: a child's macrostep that
    /// did not settle (``SCXMLRunOutcome/didNotSettle(_:)``), or more than ``maximumEventsPerRun`` events
    /// in one run of their queues (``SCXMLRunOutcome/eventLimitReached(_:)``); `nil` while they run.
    private(set) var stop: SCXMLRunOutcome?

    /// Runs every child's queue until none holds an event; what they send their parents waits in the
    /// parents' queues (the root's external queue for its own children). Does nothing once ``stop`` is set.
    func runChildren() {
        var budget = Self.maximumEventsPerRun
        var progressed = stop == nil
        while progressed {
            progressed = false
            for child in children where stop == nil && child.hasQueuedEvents {
                if budget <= 0 {
                    stop = .eventLimitReached(Self.maximumEventsPerRun)
                    return
                }
                if let loop = child.processQueue(budget: &budget) {
                    stop = .didNotSettle(loop)
                    return
                }
                progressed = true
            }
        }
    }

    /// When the earliest delayed event of any child falls due, on the invoking session's time.
    var nextDelayedEventTime: Duration? {
        children.compactMap { child in child.machine._nextDelayedEventTime.map { $0 + child.offset } }.min()
    }

    /// Moves the earliest delayed event of a child due by `end` to that child's queue and runs the children.
    ///
    /// - Returns: Whether there was one.
    func deliverDelayedEvent(notAfter end: Duration?) -> Bool {
        var earliest: (child: SCXMLChildSession, due: Duration)?
        for child in children {
            guard let due = child.machine._nextDelayedEventTime.map({ $0 + child.offset }) else { continue }
            if let end, due > end { continue }
            if earliest == nil || due < earliest!.due { earliest = (child, due) }
        }
        guard let (child, _) = earliest,
            let event = child.machine._popDelayedEvent(notAfter: end.map { $0 - child.offset })
        else { return false }
        if let (route, routed) = SCXMLSendRoute.routed(event) {
            child.deliver(routed, to: route)
        } else {
            child.queue.events.enqueue(event)
        }
        runChildren()
        return true
    }

    /// Moves every child's time to `time` on the invoking session's axis.
    func moveTime(to time: Duration) {
        for child in children { child.machine._moveDelayedEventTime(to: time - child.offset) }
    }

    /// Runs the `<finalize>` of the invocation of `machine` that sent `event`, if any, before `machine`
    /// processes it (SCXML 1.0 §6.5). An error in it raises nothing: the event is processed regardless.
    func finalize(_ event: SCXMLEvent, in machine: StateMachine<SCXMLChart>) {
        guard let invokeID = event.invokeID,
            let child = children.first(where: { $0.invokeID == invokeID && $0.owner === machine.subject }),
            let finalize = child.finalize
        else { return }
        try? machine._runBetweenSteps(finalize, signal: .event(event))
    }

    /// What a session does with an invocation error — a `<send>` to an invoke id that runs no session:
    /// `error.communication` at the back of its external queue (SCXML 1.0 §6.2.4).
    static func communicationErrorHandler(queue: @escaping (SCXMLEvent) -> Void) -> (any Error) -> Void {
        { _ in queue(SCXMLEvent("error.communication", type: .platform)) }
    }
}
