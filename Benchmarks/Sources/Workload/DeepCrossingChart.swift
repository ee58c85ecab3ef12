import Statecraft

/// The crossing as a statechart of depth 4 with two parallel regions: the same eight states and
/// transitions as ``CrossingRules``, nested four levels below the root (`junction › crossing › cars ›
/// green › carsGreen`), next to a lamp monitor that reacts to the same `fault` and `repair` events.
///
/// Shared transitions sit on the compound states: `fault` on `cars` and `pedestrians`, `night` on
/// `green`. Each atomic crossing state's entry action records its ``Crossing`` in the context, so a
/// driver reads the crossing as `machine.state.context.crossing` and computes the same checksum as the
/// flat machines. The lamp monitor counts faults in the context; tracing is at its default (on).
public enum DeepCrossingChart {
    /// A chart machine's type.
    public typealias Machine = StateMachine<Statechart<DeepCrossingState, CrossingEvent, DeepCrossingContext>>

    /// The chart.
    public static let chart: Statechart<DeepCrossingState, CrossingEvent, DeepCrossingContext> = {
        do {
            return try Statechart(initial: .junction, context: DeepCrossingContext()) {
                ParallelState(.junction) {
                    ChartState(.crossing, initial: .cars) {
                        ChartState(.cars, initial: .green) {
                            OnEvent(.fault, target: .flashingYellow)
                            ChartState(.green, initial: .carsGreen) {
                                OnEvent(.night, target: .flashingYellow)
                                ChartState(.carsGreen) {
                                    record(.carsGreen)
                                    OnEvent(.timer, target: .carsGreen)
                                    OnEvent(.button, target: .carsGreenRequested)
                                }
                                ChartState(.carsGreenRequested) {
                                    record(.carsGreenRequested)
                                    OnEvent(.timer, target: .carsYellow)
                                }
                            }
                            ChartState(.carsYellow) {
                                record(.carsYellow)
                                OnEvent(.timer, target: .clearanceToWalk)
                            }
                        }
                        ChartState(.pedestrians, initial: .clearanceToWalk) {
                            OnEvent(.fault, target: .flashingYellow)
                            ChartState(.clearanceToWalk) {
                                record(.clearanceToWalk)
                                OnEvent(.timer, target: .walk)
                            }
                            ChartState(.walkPhase, initial: .walk) {
                                ChartState(.walk) {
                                    record(.walk)
                                    OnEvent(.timer, target: .walkEnding)
                                    OnEvent(.carWaiting, target: .walkEnding)
                                }
                                ChartState(.walkEnding) {
                                    record(.walkEnding)
                                    OnEvent(.timer, target: .clearanceToCars)
                                }
                            }
                            ChartState(.clearanceToCars) {
                                record(.clearanceToCars)
                                OnEvent(.timer, target: .carsGreen)
                                OnEvent(.carWaiting, target: .carsGreen)
                            }
                        }
                        ChartState(.flashingYellow) {
                            record(.flashingYellow)
                            OnEvent(.repair, target: .clearanceToCars)
                        }
                    }
                    ChartState(.lamps, initial: .lampsOK) {
                        ChartState(.lampsOK) {
                            OnEvent(.fault, target: .lampsFaulty)
                        }
                        ChartState(.lampsFaulty) {
                            OnEntry { context, _ in context.lampFaults += 1 }
                            OnEvent(.repair, target: .lampsOK)
                        }
                    }
                }
            }
        } catch {
            preconditionFailure("Internal inconsistency: the deep crossing chart is invalid: \(error)")
        }
    }()

    /// A new machine running ``chart``.
    public static func makeMachine() -> Machine {
        StateMachine(chart: chart)
    }

    /// An entry action recording `state` in the context.
    static func record(_ state: Crossing) -> OnEntry<DeepCrossingState, CrossingEvent, DeepCrossingContext> {
        OnEntry { context, _ in context.crossing = state }
    }
}

extension Drive {
    /// A deep chart machine.
    @inline(never)
    public static func deepChart(_ machine: DeepCrossingChart.Machine, _ events: [CrossingEvent]) -> UInt64 {
        var checksum: UInt64 = 0
        for event in events {
            machine.handle(event)
            checksum &+= UInt64(machine.state.context.crossing.rawValue)
        }
        return checksum
    }
}
