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

    /// ``chart`` with a guard that always holds on every transition: no step has a plan, so every event is
    /// selected and stepped by the interpreter (the cost of a chart whose transitions are guarded).
    public static let guardedChart = build(when: { _, _ in true })

    /// The crossing chart, with `guardCondition` on every transition.
    static func build(when guardCondition: ChartGuard<Crossing, CrossingEvent, Crossing>?) -> Statechart<
        Crossing, CrossingEvent, Crossing
    > {
        do {
            return try Statechart(initial: .carsGreen, context: Crossing.carsGreen) {
                ChartState(.carsGreen) {
                    record(.carsGreen)
                    OnEvent(.timer, target: .carsGreen, when: guardCondition)
                    OnEvent(.button, target: .carsGreenRequested, when: guardCondition)
                    OnEvent(.night, target: .flashingYellow, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.carsGreenRequested) {
                    record(.carsGreenRequested)
                    OnEvent(.timer, target: .carsYellow, when: guardCondition)
                    OnEvent(.night, target: .flashingYellow, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.carsYellow) {
                    record(.carsYellow)
                    OnEvent(.timer, target: .clearanceToWalk, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.clearanceToWalk) {
                    record(.clearanceToWalk)
                    OnEvent(.timer, target: .walk, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.walk) {
                    record(.walk)
                    OnEvent(.timer, target: .walkEnding, when: guardCondition)
                    OnEvent(.carWaiting, target: .walkEnding, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.walkEnding) {
                    record(.walkEnding)
                    OnEvent(.timer, target: .clearanceToCars, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.clearanceToCars) {
                    record(.clearanceToCars)
                    OnEvent(.timer, target: .carsGreen, when: guardCondition)
                    OnEvent(.carWaiting, target: .carsGreen, when: guardCondition)
                    OnEvent(.fault, target: .flashingYellow, when: guardCondition)
                }
                ChartState(.flashingYellow) {
                    record(.flashingYellow)
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
