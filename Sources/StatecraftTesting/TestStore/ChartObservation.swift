import Statecraft

/// What a ``MachineTestStore`` of a chart compares after each step: the active states and the context.
///
/// ```swift
/// store.send(.play, state: ChartObservation([.on, .playing], context: 1), effects: [])
/// ```
public struct ChartObservation<StateID: Hashable & Sendable, Context: Equatable>: Equatable, CustomStringConvertible {
    /// The active states, in document order; for a finished chart, its top-level final state.
    public var configuration: [StateID]
    /// The chart's context.
    public var context: Context

    /// Creates an observation.
    ///
    /// - Parameters:
    ///   - configuration: The active states, in document order.
    ///   - context: The context.
    public init(_ configuration: [StateID], context: Context) {
        self.configuration = configuration
        self.context = context
    }

    /// `[a, b] context: …`.
    public var description: String {
        "[\(configuration.map { "\($0)" }.joined(separator: ", "))] context: \(context)"
    }
}

extension MachineTestStore {
    /// A store for a chart machine: statements give the exact configuration and context, the sends and
    /// cancels the macrostep asked for, printed (`send tick after 2.0 seconds`, `send ping`, `cancel t1`),
    /// then the effects the step started and cancelled (`start fetch`, `cancel fetch`).
    ///
    /// - Parameters:
    ///   - machine: A machine running a chart, in its initial state.
    ///   - clock: The clock its delayed events run on after ``start()``, when it has no scheduler.
    public convenience init<StateID, ChartEvent, Context>(
        chart machine: StateMachine<Statechart<StateID, ChartEvent, Context>>, clock: ManualClock = ManualClock()
    )
    where
        Definition == Statechart<StateID, ChartEvent, Context>, Observed == ChartObservation<StateID, Context>,
        Effects == [String]
    {
        self.init(
            machine, clock: clock,
            observe: { snapshot in
                ChartObservation(
                    snapshot.isFinished ? snapshot.finalState.map { [$0] } ?? [] : snapshot.configuration,
                    context: snapshot.context)
            },
            effects: { machine, activity in
                machine.state.lastMacrostep.effects.map { effect in
                    switch effect {
                    case .send(let event, let delay, let id):
                        "send \(event)" + (delay == .zero ? "" : " after \(delay)") + (id.map { " id \($0)" } ?? "")
                    case .cancel(let id):
                        "cancel \(id)"
                    case .invocation(let invocation):
                        "invocation: \(invocation)"
                    }
                } + activity.map(\.description)
            })
    }
}
