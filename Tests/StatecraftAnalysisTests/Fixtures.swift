import Foundation
import Statecraft
import StatecraftAnalysis
import StatecraftSCXML

/// A media player: history, a parallel state, a guard on the context.
enum Player: String, Hashable, Sendable, CustomStringConvertible {
    case off, on, playback, playing, paused, hist, volume, loud, quiet, done
    var description: String { rawValue }
}

enum PlayerInput: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case power, play, pause, toggle, eject
    var description: String { rawValue }
}

/// The player: `on` is parallel (playback with history, volume); `eject` finishes it once played twice.
func playerChart() throws -> Statechart<Player, PlayerInput, Int> {
    try Statechart(initial: .off, context: 0) {
        ChartState(.off) {
            OnEvent(.power, target: .hist)
        }
        ParallelState(.on) {
            OnEvent(.power, target: .off)
            OnEvent(.eject, target: .done, when: { plays, _ in plays >= 2 })
            ChartState(.playback, initial: .paused) {
                HistoryState(.hist, default: .paused)
                ChartState(.paused) {
                    OnEvent(.play, target: .playing, action: { plays, _ in plays = min(plays + 1, 2) })
                }
                ChartState(.playing) { OnEvent(.pause, target: .paused) }
            }
            ChartState(.volume, initial: .quiet) {
                ChartState(.quiet) { OnEvent(.toggle, target: .loud) }
                ChartState(.loud) { OnEvent(.toggle, target: .quiet) }
            }
        }
        FinalState(.done)
    }
}

enum Counter: String, Hashable, Sendable, CustomStringConvertible {
    case counting
    var description: String { rawValue }
}

enum CounterInput: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case increment
    var description: String { rawValue }
}

/// A counter whose context grows without bound: its space is infinite.
func counterChart() throws -> Statechart<Counter, CounterInput, Int> {
    try Statechart(initial: .counting, context: 0) {
        ChartState(.counting) { OnEvent(.increment, action: { count, _ in count += 1 }) }
    }
}

/// A door whose `c` no event sequence enters (`go.now` is always beaten by `go`).
let doorWithAnUnreachableState = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a">
      <state id="a">
        <transition event="go" target="b"/>
        <transition event="go.now" target="c"/>
      </state>
      <state id="b"><transition event="go" target="a"/></state>
      <state id="c"/>
    </scxml>
    """

/// Parses SCXML text.
func scxml(_ text: String, file: String = "test.scxml") throws -> SCXMLDocument {
    try SCXMLParser.parse(data: Data(text.utf8), file: file)
}

/// The repository's root directory.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
