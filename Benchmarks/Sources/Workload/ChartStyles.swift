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
    public static let chart: Statechart<Crossing, CrossingEvent, Crossing> = {
        do {
            return try Statechart(initial: .carsGreen, context: Crossing.carsGreen) {
                ChartState(.carsGreen) {
                    record(.carsGreen)
                    OnEvent(.timer, target: .carsGreen)
                    OnEvent(.button, target: .carsGreenRequested)
                    OnEvent(.night, target: .flashingYellow)
                    OnEvent(.fault, target: .flashingYellow)
                }
                ChartState(.carsGreenRequested) {
                    record(.carsGreenRequested)
                    OnEvent(.timer, target: .carsYellow)
                    OnEvent(.night, target: .flashingYellow)
                    OnEvent(.fault, target: .flashingYellow)
                }
                ChartState(.carsYellow) {
                    record(.carsYellow)
                    OnEvent(.timer, target: .clearanceToWalk)
                    OnEvent(.fault, target: .flashingYellow)
                }
                ChartState(.clearanceToWalk) {
                    record(.clearanceToWalk)
                    OnEvent(.timer, target: .walk)
                    OnEvent(.fault, target: .flashingYellow)
                }
                ChartState(.walk) {
                    record(.walk)
                    OnEvent(.timer, target: .walkEnding)
                    OnEvent(.carWaiting, target: .walkEnding)
                    OnEvent(.fault, target: .flashingYellow)
                }
                ChartState(.walkEnding) {
                    record(.walkEnding)
                    OnEvent(.timer, target: .clearanceToCars)
                    OnEvent(.fault, target: .flashingYellow)
                }
                ChartState(.clearanceToCars) {
                    record(.clearanceToCars)
                    OnEvent(.timer, target: .carsGreen)
                    OnEvent(.carWaiting, target: .carsGreen)
                    OnEvent(.fault, target: .flashingYellow)
                }
                ChartState(.flashingYellow) {
                    record(.flashingYellow)
                    OnEvent(.repair, target: .clearanceToCars)
                }
            }
        } catch {
            preconditionFailure("Internal inconsistency: the crossing chart is invalid: \(error)")
        }
    }()

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
