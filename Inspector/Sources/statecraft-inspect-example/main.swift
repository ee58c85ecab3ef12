// An example program with a live inspector attached: the desk (a lamp and a radio with deep history, in
// parallel regions), driven by the events it reads from standard input, one per line. It prints the
// inspector's URL first, then the configuration after each event; open the URL in a browser to watch it.
//
//     swift run statecraft-inspect-example
//     inspector: http://127.0.0.1:PORT/?token=…
import Foundation
import Statecraft
import StatecraftInspector
import StatecraftVisualizer

enum Desk: String, Hashable, Sendable, CustomStringConvertible {
    case desk, lamp, lampOff, lampOn, radio, radioOff, radioOn, station, music, news, history
    var description: String { rawValue }
}

enum DeskInput: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case lamp, radio, tune
    var description: String { rawValue }
}

let chart = try Statechart<Desk, DeskInput, Void>(initial: .desk, context: ()) {
    ParallelState(.desk) {
        ChartState(.lamp, initial: .lampOff) {
            ChartState(.lampOff) { OnEvent(.lamp, target: .lampOn) }
            ChartState(.lampOn) { OnEvent(.lamp, target: .lampOff) }
        }
        ChartState(.radio, initial: .radioOff) {
            ChartState(.radioOff) { OnEvent(.radio, target: .history) }
            ChartState(.radioOn, initial: .station) {
                OnEvent(.radio, target: .radioOff)
                HistoryState(.history, .deep, default: .music)
                ChartState(.station, initial: .music) {
                    ChartState(.music) { OnEvent(.tune, target: .news) }
                    ChartState(.news) { OnEvent(.tune, target: .music) }
                }
            }
        }
    }
}.tracing(true)

/// Writes a line to standard output at once (standard output is a pipe when a script drives the program).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let machine = StateMachine(chart: chart)
let inspector = try await Inspector.attach(to: machine, title: "Desk (live)", announce: false) // the one line
say("inspector: \(inspector.url)")

while let line = readLine() {
    let name = line.trimmingCharacters(in: .whitespaces)
    if name.isEmpty { continue }
    guard let event = DeskInput(rawValue: name) else {
        say("unknown event: \(name)")
        continue
    }
    machine.handle(event)
    say("configuration: \(machine.state.configuration.map(\.rawValue).sorted().joined(separator: " "))")
}
inspector.stop()
