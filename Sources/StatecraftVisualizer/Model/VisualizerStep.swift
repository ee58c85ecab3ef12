import Statecraft

/// What the page needs to know about one step beyond the state space's edge: the sends and cancels the
/// step function recorded, and the states exited when the machine halted in a top-level final state.
public struct VisualizerStep: Sendable, Hashable, Codable {
    /// The sends and cancels, in order.
    public var effects: [VisualizerEffect]
    /// When the step ended in a top-level final state, the states the interpreter exited as it halted
    /// (the last entries of the edge's `exited`); the page reports the step without them, as
    /// `statecraft run` does. `nil` when the machine did not halt.
    public var haltExited: [String]?

    /// Creates a step record.
    ///
    /// - Parameters:
    ///   - effects: The sends and cancels.
    ///   - haltExited: The states exited on halting, if the machine halted.
    public init(effects: [VisualizerEffect] = [], haltExited: [String]? = nil) {
        self.effects = effects
        self.haltExited = haltExited
    }

    /// The record of the macrostep that produced a chart's snapshot.
    ///
    /// - Parameters:
    ///   - snapshot: A snapshot of a tracing chart.
    ///   - name: The state space's identifier of a chart state.
    ///   - label: The state space's label of an event.
    public init<StateID, Event, Context>(
        _ snapshot: ChartSnapshot<StateID, Event, Context>, name: (StateID) -> String, label: (Event) -> String
    ) {
        let macrostep = snapshot.lastMacrostep
        let halt = macrostep.microsteps.last { $0.transitions.last == "halt" }
        self.init(
            // The page does not run invoked children: their effects are left out.
            effects: macrostep.effects.filter(\.isSendOrCancel).map { VisualizerEffect($0, label: label) },
            haltExited: halt.map { $0.exited.map(name) })
    }
}

extension ChartEffect {
    /// Whether the effect is a send or a cancel, the effects the page performs (not an invocation's).
    fileprivate var isSendOrCancel: Bool {
        if case .invocation = self { return false }
        return true
    }
}
