import Statecraft
import StatecraftPersistence

/// A chart with two durable timers, for the timer tests: a placed order is reminded after 10 s and expires
/// after 30 s unless paid.
enum PaymentChart {
    enum State: String, Codable, Hashable, Sendable { case open, placed, paid, expired }
    enum Event: String, Codable, Hashable, Sendable { case place, pay, remind, expire }
    typealias Machine = DurableMachine<State, Event, Int>

    static let reminder = Duration.seconds(10)
    static let expiry = Duration.seconds(30)

    /// The chart; its context counts the reminders.
    static func make() -> Statechart<State, Event, Int> {
        do {
            return try Statechart(initial: .open, context: 0) {
                ChartState(.open) { OnEvent(.place, target: .placed) }
                ChartState(.placed) {
                    AfterDelay(reminder, send: .remind, kind: .internal, action: { reminders, _ in reminders += 1 })
                    AfterDelay(expiry, send: .expire, target: .expired)
                    OnEvent(.pay, target: .paid)
                }
                ChartState(.paid)
                ChartState(.expired)
            }
        } catch {
            preconditionFailure("The payment chart is invalid: \(error)")
        }
    }
}
