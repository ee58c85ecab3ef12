import Foundation

/// Where events for a session arrive from outside its thread — from an Event I/O Processor's server
/// (``SCXMLEventProcessor``) — until the session moves them to its external queue.
///
/// ``post(_:)`` may be called from any thread. The session takes what has arrived whenever it touches its
/// external queue: before it queues an event of its own, before it takes the next event, and when it
/// counts or saves the queue. So the queue holds events in the order they arrived, and an event a target
/// sent back before answering a `<send>` comes before anything the chart sent after that `<send>`.
public final class SCXMLSessionInbox: @unchecked Sendable {
    // Guarded by `lock`; the session's thread and any server's threads meet only here.
    private let lock = NSLock()
    private var arrivals: [SCXMLEvent] = []

    /// Creates an empty inbox.
    public init() {}

    /// Posts an event for the session, from any thread. It reaches the session's external queue the next
    /// time the session touches it.
    ///
    /// - Parameter event: the event, usually built by ``SCXMLBasicHTTPMessage/event(method:target:headers:body:)``.
    public func post(_ event: SCXMLEvent) {
        lock.lock()
        arrivals.append(event)
        lock.unlock()
    }

    /// The number of events posted and not yet taken.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return arrivals.count
    }

    /// Removes and returns the events posted so far, oldest first.
    func takeAll() -> [SCXMLEvent] {
        lock.lock()
        defer { lock.unlock() }
        let taken = arrivals
        arrivals.removeAll()
        return taken
    }
}
