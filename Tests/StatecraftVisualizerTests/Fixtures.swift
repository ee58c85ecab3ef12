import Foundation
import Statecraft
import StatecraftSCXML

/// A kettle: heating turns itself off after a delay, unless switched off first.
enum Kettle: String, Hashable, Sendable, CustomStringConvertible {
    case idle, heating, boiled, done
    var description: String { rawValue }
}

enum KettleInput: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case switchOn, switchOff, pour
    var description: String { rawValue }
}

/// The timer event is not among the events offered, so exploration has to find it among the sends.
enum KettleEvent: String, Hashable, Sendable, CustomStringConvertible {
    case switchOn, switchOff, pour, boilingTimeout
    var description: String { rawValue }
}

func kettleChart() throws -> Statechart<Kettle, KettleEvent, Void> {
    try Statechart(initial: .idle, context: ()) {
        ChartState(.idle) { OnEvent(.switchOn, target: .heating) }
        ChartState(.heating) {
            AfterDelay(.seconds(90), send: .boilingTimeout, target: .boiled)
            OnEvent(.switchOff, target: .idle)
        }
        ChartState(.boiled) { OnEvent(.pour, target: .done) }
        FinalState(.done)
    }
}

/// Parallel regions, one with history.
enum Desk: String, Hashable, Sendable, CustomStringConvertible {
    case desk, lamp, lampOff, lampOn, radio, radioOff, radioOn, station, music, news, hist
    var description: String { rawValue }
}

enum DeskInput: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case lamp, radio, tune
    var description: String { rawValue }
}

func deskChart() throws -> Statechart<Desk, DeskInput, Void> {
    try Statechart(initial: .desk, context: ()) {
        ParallelState(.desk) {
            ChartState(.lamp, initial: .lampOff) {
                ChartState(.lampOff) { OnEvent(.lamp, target: .lampOn) }
                ChartState(.lampOn) { OnEvent(.lamp, target: .lampOff) }
            }
            ChartState(.radio, initial: .radioOff) {
                ChartState(.radioOff) { OnEvent(.radio, target: .hist) }
                ChartState(.radioOn, initial: .station) {
                    OnEvent(.radio, target: .radioOff)
                    HistoryState(.hist, .deep, default: .music)
                    ChartState(.station, initial: .music) {
                        ChartState(.music) { OnEvent(.tune, target: .news) }
                        ChartState(.news) { OnEvent(.tune, target: .music) }
                    }
                }
            }
        }
    }
}

/// A counter that never stops counting: its space is cut at any bound.
struct CountingDefinition: MachineDefinition {
    var initialState: Int { 0 }
    func decide(state: Int, event: String) -> TransitionDecision<Int, Void>? {
        event == "increment" ? TransitionDecision(target: state + 1) : nil
    }
}

/// The SCXML fixtures of the CLI tests.
let expectedDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("StatecraftCLITests/Expected")
