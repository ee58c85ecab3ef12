import Foundation
import Statecraft

extension DurableMachine {
    /// A machine's state as it is stored: its snapshot, and the instant each of the snapshot's delayed events
    /// falls due (same order). The snapshot's remaining times count from the instant it was stored.
    struct TimedState: Sendable {
        var snapshot: Snapshot
        var dues: [DurableInstant]

        /// `snapshot` with its delayed events due at `dues` — or, when the count differs (a snapshot stored
        /// before due times were), due at `now` plus their remaining time.
        init(snapshot: Snapshot, dues: [DurableInstant], now: DurableInstant) {
            self.snapshot = snapshot
            self.dues =
                dues.count == snapshot.delayedEvents.count
                ? dues : snapshot.delayedEvents.map { now.advanced(by: $0.remaining) }
        }

        /// When the earliest delayed event falls due; `nil` when none waits.
        var nextDue: DurableInstant? { dues.first }

        /// The snapshot with each delayed event's remaining time counted from `now` (none negative: an
        /// overdue event is due at once, ties keeping their order, which is their due order).
        func snapshot(at now: DurableInstant) -> Snapshot {
            var shifted = snapshot
            for index in shifted.delayedEvents.indices {
                shifted.delayedEvents[index].remainingNanoseconds = max(
                    0, DurableInstant.nanoseconds(of: now.duration(to: dues[index])))
            }
            return shifted
        }
    }

    /// What one step did: the next state, and whether the chart took a transition.
    struct Step {
        var state: TimedState
        var transitioned: Bool
    }

    /// Applies one journal entry's event to `state` at `now`: the one rule both ``apply(_:id:)`` and
    /// ``replay(_:chart:machine:)`` follow. A fired timer is the earliest delayed event, removed from the
    /// queue and then sent; any other event is sent with the queue as it is. The delayed events left, and
    /// those the step schedules, fall due at `now` plus their remaining time.
    ///
    /// - Parameters:
    ///   - event: The event sent; for a fired timer, the earliest delayed event's (checked by the caller).
    ///   - firesTimer: Whether the step delivers the earliest delayed event.
    ///   - state: The state before.
    ///   - now: The instant of the step.
    ///   - chart: The chart.
    ///   - machine: The machine's identifier, for error messages.
    /// - Returns: The state after.
    /// - Throws: ``DurableMachineError/snapshot(machine:_:)``.
    /// - Complexity: One macrostep, plus O(*d*) in the delayed events waiting.
    static func step(
        _ event: Event, firesTimer: Bool, from state: TimedState, at now: DurableInstant, chart: Chart,
        machine: String
    ) throws(DurableMachineError) -> Step {
        var before = state.snapshot(at: now)
        if firesTimer { before.delayedEvents.removeFirst() }
        let running: StateMachine<Chart>
        do {
            running = try StateMachine(chart: chart, restoring: before)
        } catch {
            throw .snapshot(machine: machine, error)
        }
        let outcome = running.send(event)
        let after: Snapshot
        do {
            after = try running.snapshot()
        } catch {
            throw .snapshot(machine: machine, error)
        }
        let dues = after.delayedEvents.map { now.advanced(by: $0.remaining) }
        return Step(state: TimedState(snapshot: after, dues: dues, now: now), transitioned: outcome == .transitioned)
    }
}
