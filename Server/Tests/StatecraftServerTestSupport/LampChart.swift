import Statecraft

/// The states of the lamp the server products' tests drive.
public enum LampState: String, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The lamp is off (the initial state).
    case off
    /// The lamp is on.
    case on
    /// One of two states that hand over to each other without an event, for ever: a macrostep that never
    /// settles.
    case spinA, spinB

    /// The raw value.
    public var description: String { rawValue }
}

/// The lamp's events.
public enum LampEvent: String, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Turns the lamp on, or off.
    case flip
    /// Enters the loop of `spinA` and `spinB`: the macrostep stops at the chart's bound.
    case spin
    /// Taken in no state: always ignored.
    case noop

    /// The raw value.
    public var description: String { rawValue }
}

/// The lamp's context: the number of times it was turned on.
public struct LampContext: Hashable, Sendable, Codable {
    /// How many times the lamp was turned on.
    public var flips = 0

    /// A lamp never turned on.
    public init() {}
}

/// The lamp chart: `off` ⇄ `on` on `flip`; `spin` from `off` into a loop without end.
public typealias LampChart = Statechart<LampState, LampEvent, LampContext>

extension Statechart where StateID == LampState, Event == LampEvent, Context == LampContext {
    /// The lamp.
    ///
    /// - Parameter onFlip: Called in the action of each `flip`, inside the macrostep (to start an effect, or to
    ///   look at the span under way).
    /// - Returns: The chart.
    public static func lamp(onFlip: @escaping @Sendable () -> Void = {}) -> LampChart {
        // The chart is well formed: its initial state and every target exist.
        do {
            return try LampChart(initial: .off, context: LampContext()) {
                ChartState(.off) {
                    OnEvent(
                        .flip, target: .on,
                        action: { context, _ in
                            context.flips += 1
                            onFlip()
                        })
                    OnEvent(.spin, target: .spinA)
                }
                ChartState(.on) { OnEvent(.flip, target: .off, action: { _, _ in onFlip() }) }
                ChartState(.spinA) { Always(target: .spinB) }
                ChartState(.spinB) { Always(target: .spinA) }
            }
        } catch {
            preconditionFailure("Internal inconsistency: the lamp chart is invalid: \(error)")
        }
    }
}
