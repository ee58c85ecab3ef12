import Foundation

/// The work a ``MachineService`` admitted and has not finished, and whether it admits more: the gate a
/// graceful shutdown closes and then waits on.
///
/// Thread-safe: every access holds `lock`.
final class InFlightWork: @unchecked Sendable {
    /// Whether work is admitted, and what waits for the work in flight to finish.
    private enum State {
        /// Admitting work; `count` pieces in flight.
        case open(count: Int)
        /// Closed: no work admitted; `count` pieces still in flight, `drained` resumed when the last ends.
        case closing(count: Int, drained: [CheckedContinuation<Void, Never>])
        /// Closed, and nothing in flight.
        case closed
    }

    private let lock = NSLock()
    private var state = State.open(count: 0)

    /// The number of pieces of work in flight.
    var count: Int {
        lock.withLock {
            switch state {
            case .open(let count), .closing(let count, _): count
            case .closed: 0
            }
        }
    }

    /// Whether new work is admitted.
    var isOpen: Bool {
        lock.withLock {
            if case .open = state { return true }
            return false
        }
    }

    /// Admits one piece of work, unless the gate is closed.
    ///
    /// - Returns: Whether it was admitted; if so, call ``leave()`` when it ends.
    func enter() -> Bool {
        lock.withLock {
            guard case .open(let count) = state else { return false }
            state = .open(count: count + 1)
            return true
        }
    }

    /// Ends one piece of work admitted by ``enter()``.
    func leave() {
        let resumed: [CheckedContinuation<Void, Never>] = lock.withLock {
            switch state {
            case .open(let count):
                state = .open(count: count - 1)
                return []
            case .closing(let count, let drained):
                if count > 1 {
                    state = .closing(count: count - 1, drained: drained)
                    return []
                }
                state = .closed
                return drained
            case .closed:
                preconditionFailure("Internal inconsistency: work left a gate with nothing in flight")
            }
        }
        for waiter in resumed { waiter.resume() }
    }

    /// Closes the gate: no new work is admitted.
    func close() {
        lock.withLock {
            if case .open(let count) = state { state = count == 0 ? .closed : .closing(count: count, drained: []) }
        }
    }

    /// Returns once no work is in flight; call it after ``close()``.
    func drained() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let ready: Bool = lock.withLock {
                switch state {
                case .closing(let count, let drained):
                    state = .closing(count: count, drained: drained + [waiter])
                    return false
                case .closed: return true
                case .open: preconditionFailure("Internal inconsistency: draining a gate that is open")
                }
            }
            if ready { waiter.resume() }
        }
    }
}
