/// A macrostep that did not settle: eventless transitions, raised events or `error.execution` signals
/// kept the chart busy for ``Statechart/macrostepBound`` steps, so the macrostep stopped there.
///
/// The chart stays in the configuration it had reached and its internal queue is dropped. The error is
/// reported, never raised into the chart (that could feed the loop): by
/// ``ChartMacrostep/loopError``, by ``StateMachine/send(_:)`` as ``EventOutcome/unsettled(_:)``, to
/// observers through the new snapshot, and by `statecraft run` (exit status 3).
///
/// ```swift
/// if case .unsettled(let loop) = machine.send(.go) { print(loop) }
/// // the chart did not settle: 10000 steps in one macrostep; it loops through
/// // error.execution (guard of 'a' threw) enabled no transition (active: a)
/// ```
public struct ChartLoopError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bound the macrostep reached (``Statechart/macrostepBound``).
    public let bound: Int
    /// The steps that repeat at the end of the macrostep, in order: a microstep as
    /// `source -> targets (trigger)` or `source (targetless, on trigger)`, an internal event that
    /// enabled nothing as `name enabled no transition`.
    public let loop: [String]
    /// The active atomic states when the macrostep stopped, in document order.
    public let configuration: [String]

    /// Creates a loop error.
    ///
    /// - Parameters:
    ///   - bound: The bound reached.
    ///   - loop: The steps that repeat, in order.
    ///   - configuration: The active atomic states.
    public init(bound: Int, loop: [String], configuration: [String]) {
        self.bound = bound
        self.loop = loop
        self.configuration = configuration
    }

    /// "the chart did not settle: <bound> steps in one macrostep; it loops through <steps> (active: <states>)".
    public var description: String {
        "the chart did not settle: \(bound) steps in one macrostep; it loops through "
            + loop.joined(separator: ", then ") + " (active: \(configuration.joined(separator: ", ")))"
    }

    /// The shortest suffix of `recent` whose repetition explains all of `recent`: the loop itself, or all
    /// of `recent` when it does not repeat.
    static func period(of recent: [String]) -> [String] {
        guard !recent.isEmpty else { return [] }
        for length in 1...max(1, recent.count / 2) {
            let repeats = (length..<recent.count).allSatisfy { recent[$0] == recent[$0 - length] }
            if repeats { return Array(recent.suffix(length)) }
        }
        return recent
    }
}
