/// The invocations of one machine: those waiting for the end of the macrostep that entered their state,
/// those running, and the timers of an invoked chart. Lives on the machine's isolation.
final class InvocationRegistry {
    /// An invocation waiting for the macrostep to end.
    struct Pending {
        let id: String
        let autoforward: Bool
        let launch: @Sendable (InvocationHost) -> any InvocationHandle
    }

    /// A running invocation.
    struct Running {
        let id: String
        let autoforward: Bool
        let handle: any InvocationHandle
    }

    /// Started during the current macrostep, in document order of their states' entry.
    private(set) var pending: [Pending] = []
    /// Running, in the order they started.
    private(set) var running: [Running] = []
    /// Delayed sends of an invoked chart, by send identifier (`nil` for sends without one).
    private var timers: [(id: String?, task: InvocationTask)] = []

    /// Whether invocations wait for the macrostep to end.
    var hasPendingStarts: Bool { !pending.isEmpty }

    /// Whether any running invocation autoforwards.
    var autoforwards: Bool { running.contains(where: \.autoforward) }

    /// The identifiers of the running invocations, in the order they started.
    var runningIDs: [String] { running.map(\.id) }

    /// Records an invocation to start once the macrostep is over.
    func enqueue(_ pending: Pending) {
        self.pending.append(pending)
    }

    /// Takes the invocations waiting for the macrostep to end.
    func takePending() -> [Pending] {
        defer { pending.removeAll() }
        return pending
    }

    /// Adds a started invocation.
    func add(_ running: Running) {
        self.running.append(running)
    }

    /// Cancels the invocation `id`: drops it if it has not started, stops it otherwise.
    ///
    /// - Returns: Whether an invocation had that identifier.
    @discardableResult
    func cancel(id: String) -> Bool {
        if let index = pending.firstIndex(where: { $0.id == id }) {
            pending.remove(at: index)
            return true
        }
        guard let index = running.firstIndex(where: { $0.id == id }) else { return false }
        let handle = running.remove(at: index).handle
        handle.cancel()
        return true
    }

    /// The running invocation `id`.
    func handle(id: String) -> (any InvocationHandle)? {
        running.first { $0.id == id }?.handle
    }

    /// The running invocations that autoforward, in the order they started.
    var autoforwarding: [any InvocationHandle] { running.filter(\.autoforward).map(\.handle) }

    /// Keeps a timer of an invoked chart.
    func addTimer(id: String?, task: InvocationTask) {
        timers.removeAll { $0.task.isOver }
        timers.append((id, task))
    }

    /// Cancels the timers sent with `id`.
    func cancelTimers(id: String) {
        for timer in timers where timer.id == id { timer.task.cancel() }
        timers.removeAll { $0.id == id }
    }

    /// Cancels everything: the machine finished, or the invocation that started it was cancelled.
    func cancelAll() {
        pending.removeAll()
        let stopping = running
        running.removeAll()
        for invocation in stopping.reversed() { invocation.handle.cancel() }
        for timer in timers { timer.task.cancel() }
        timers.removeAll()
    }
}
