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

    /// ``chart`` whose every state restarts a timer: its entry sends `timer` in a minute with an identifier, and
    /// its exit cancels that identifier — what an ``AfterDelay`` transition does — so that every transition
    /// has a macrostep's sends and cancels to perform (the timer never fires: no run loop runs).
    public static let timedChart = build(when: nil, timed: true)

    /// The crossing chart, with `guardCondition` on every transition, and a timer restarted in every state
    /// when `timed`.
    static func build(when guardCondition: ChartGuard<Crossing, CrossingEvent, Crossing>?, timed: Bool = false)
        -> Statechart<Crossing, CrossingEvent, Crossing>
    {
        do {
            return try Statechart(initial: .carsGreen, context: Crossing.carsGreen) {
                ChartState(.carsGreen) {
                    record(.carsGreen)
                    timer(timed)
                    OnEvent(.timer, target: .carsGreen, when: guardCondition)
                    OnEvent(.button, target: .carsGreenRequested, when: guardCondition)
                    OnEvent(.night, target: .flashingYellow, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.carsGreenRequested) {
                    record(.carsGreenRequested)
                    timer(timed)
                    OnEvent(.timer, target: .carsYellow, when: guardCondition)
                    OnEvent(.night, target: .flashingYellow, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.carsYellow) {
                    record(.carsYellow)
                    timer(timed)
                    OnEvent(.timer, target: .clearanceToWalk, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.clearanceToWalk) {
                    record(.clearanceToWalk)
                    timer(timed)
                    OnEvent(.timer, target: .walk, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.walk) {
                    record(.walk)
                    timer(timed)
                    OnEvent(.timer, target: .walkEnding, when: guardCondition)
                    OnEvent(.carWaiting, target: .walkEnding, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.walkEnding) {
                    record(.walkEnding)
                    timer(timed)
                    OnEvent(.timer, target: .clearanceToCars, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.clearanceToCars) {
                    record(.clearanceToCars)
                    timer(timed)
                    OnEvent(.timer, target: .carsGreen, when: guardCondition)
                    OnEvent(.carWaiting, target: .carsGreen, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.flashingYellow) {
                    record(.flashingYellow)
                    timer(timed)
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

    /// When `timed`, an entry action sending `timer` in a minute and an exit action cancelling it.
    static func timer(_ timed: Bool) -> [ChartElement<Crossing, CrossingEvent, Crossing>] {
        guard timed else { return [] }
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
