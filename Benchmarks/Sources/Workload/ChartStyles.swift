import Statecraft

/// The crossing as a flat statechart: the same eight states and transitions as ``CrossingRules``.
///
/// Each state's entry action records the state in the chart's context, so a driver reads the current
/// state as `machine.state.context` (a chart's state is its whole snapshot). Tracing is at its default
/// (on): a traced and an untraced chart run the same step.
public enum CrossingChart {
    /// A chart machine's type.
    public typealias Machine = StateMachine<Statechart<Crossing, CrossingEvent, Crossing>>

    /// The chart.
    public static let chart = build(when: nil)

    /// ``chart`` with a guard that always holds on every transition: every step evaluates a guard before it
    /// takes its plan (the cost of a chart whose transitions are guarded).
    public static let guardedChart = build(when: { _, _ in true })

    /// ``chart`` whose `timer` transitions are delayed transitions, `AfterDelay(.seconds(60), send: .timer, …)`:
    /// every state but `flashingYellow` starts its timer on entry and cancels it on exit, so that nearly every
    /// transition cancels one timer and starts another (the timers never fire: no run loop runs).
    public static let timedChart = build(when: nil, timers: .delayedTransitions)

    /// ``chart`` whose every state restarts a timer with its own actions: its entry sends `timer` in a minute with
    /// an identifier and its exit cancels that identifier — what an `AfterDelay` does, spelled as actions that ask
    /// the scope — so that every transition has a macrostep's sends and cancels to perform.
    public static let sendingChart = build(when: nil, timers: .actions)

    /// How the crossing chart's states time out.
    enum Timers {
        /// Not at all: `timer` is an ordinary event.
        case none
        /// With `AfterDelay` transitions on `timer`.
        case delayedTransitions
        /// With entry and exit actions sending and cancelling `timer`.
        case actions
    }

    /// The crossing chart, with `guardCondition` on every transition, and its states' timers as `timers` says.
    static func build(when guardCondition: ChartGuard<Crossing, CrossingEvent, Crossing>?, timers: Timers = .none)
        -> Statechart<Crossing, CrossingEvent, Crossing>
    {
        do {
            return try Statechart(initial: .carsGreen, context: Crossing.carsGreen) {
                ChartState(.carsGreen) {
                    record(.carsGreen)
                    onTimer(.carsGreen, when: guardCondition, timers: timers)
                    OnEvent(.button, target: .carsGreenRequested, when: guardCondition)
                    OnEvent(.night, target: .flashingYellow, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.carsGreenRequested) {
                    record(.carsGreenRequested)
                    onTimer(.carsYellow, when: guardCondition, timers: timers)
                    OnEvent(.night, target: .flashingYellow, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.carsYellow) {
                    record(.carsYellow)
                    onTimer(.clearanceToWalk, when: guardCondition, timers: timers)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.clearanceToWalk) {
                    record(.clearanceToWalk)
                    onTimer(.walk, when: guardCondition, timers: timers)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.walk) {
                    record(.walk)
                    onTimer(.walkEnding, when: guardCondition, timers: timers)
                    OnEvent(.carWaiting, target: .walkEnding, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.walkEnding) {
                    record(.walkEnding)
                    onTimer(.clearanceToCars, when: guardCondition, timers: timers)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.clearanceToCars) {
                    record(.clearanceToCars)
                    onTimer(.carsGreen, when: guardCondition, timers: timers)
                    OnEvent(.carWaiting, target: .carsGreen, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.flashingYellow) {
                    record(.flashingYellow)
                    timerActions(timers)
                    OnEvent(.repair, target: .clearanceToCars, when: guardCondition)
                }
            }
        } catch {
            preconditionFailure("Internal inconsistency: the crossing chart is invalid: \(error)")
        }
    }

    /// A new machine running ``chart``.
    public static func makeMachine() -> Machine {
        StateMachine(chart: chart)
    }

    /// The transition on `timer` to `target`: delayed by a minute with ``Timers/delayedTransitions``, an ordinary
    /// one otherwise, after the timer's actions with ``Timers/actions``.
    static func onTimer(
        _ target: Crossing, when guardCondition: ChartGuard<Crossing, CrossingEvent, Crossing>?, timers: Timers
    ) -> [ChartElement<Crossing, CrossingEvent, Crossing>] {
        guard timers != .delayedTransitions else {
            return [AfterDelay(.seconds(60), send: .timer, target: target, when: guardCondition).element]
        }
        return timerActions(timers) + [OnEvent(.timer, target: target, when: guardCondition).element]
    }

    /// With ``Timers/actions``, an entry action sending `timer` in a minute and an exit action cancelling it.
    static func timerActions(_ timers: Timers) -> [ChartElement<Crossing, CrossingEvent, Crossing>] {
        guard timers == .actions else { return [] }
        return [
            OnEntry { _, scope in scope.send(.timer, after: .seconds(60), id: "timer") }.element,
            OnExit { _, scope in scope.cancel(id: "timer") }.element,
        ]
    }

    /// An entry action recording `state` in the context.
    static func record(_ state: Crossing) -> OnEntry<Crossing, CrossingEvent, Crossing> {
        OnEntry { context, _ in context = state }
    }
}

extension Drive {
    /// A chart machine.
    @inline(never)
    public static func chart(_ machine: CrossingChart.Machine, _ events: [CrossingEvent]) -> UInt64 {
        var checksum: UInt64 = 0
        for event in events {
            machine.handle(event)
            checksum &+= UInt64(machine.state.context.rawValue)
        }
        return checksum
    }
}
