// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Foundation
import Statecraft
import StatecraftDiagrams
import Testing

// The README's Swift code, compiled and run. Each ```swift block of README.md is an excerpt of this file
// (DocSnippetTextTests checks it), so a README line that does not compile fails the build.

/// The README's code, run.
@Suite("README")
struct READMESnippets {
    /// The quick start, then the diagram section, which draws the quick start's machine.
    @Test func quickStartAndDiagrams() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        enum Screen: CaseIterable { case list, refreshing, error }
        enum ScreenEvent: CaseIterable { case refresh, showList, showError, dismissError }

        let schema = StateMachineSchema<Screen, ScreenEvent, Void>(initialState: .list) { state, event in
            switch (state, event) {
            case (.list, .refresh), (.error, .refresh): return (.refreshing, { _ in print("refresh") })
            case (.refreshing, .showList): return (.list, nil)
            case (.refreshing, .showError): return (.error, nil)
            case (.error, .dismissError): return (.list, nil)
            default: return nil
            }
        }

        let machine = StateMachine(schema: schema)
        machine.didTransition = { old, event, new in print("\(old) --\(event)--> \(new)") }
        machine.handle(.refresh)          // prints "refresh", then "list --refresh--> refreshing"
        machine.handle(.dismissError)     // false: ignored in .refreshing

        #expect(machine.state == .refreshing)
        // The diagram section writes Docs/screen.mmd relative to the current directory: run it in a fresh one.
        try CurrentDirectory.run(in: directory) {
            let description = schema.machineDescription()
            print(DOTExporter().export(description))                         // seed 001's DOT layout
            try description.write(to: URL(fileURLWithPath: "Docs/screen.mmd")) // Mermaid; rewritten only on change
        }

        let written = try String(contentsOf: directory.appendingPathComponent("Docs/screen.mmd"), encoding: .utf8)
        #expect(written.hasPrefix("stateDiagram-v2"))
    }

    @Test func statechart() throws {
        enum Player: Hashable, Sendable { case off, on, stopped, playing, paused }
        enum Input: Hashable, Sendable { case power, play, pause, stop }

        let chart = try Statechart<Player, Input, Void>(initial: .off, context: ()) {
            ChartState(.off) { OnEvent(.power, target: .on) }
            ChartState(.on, initial: .stopped) {
                OnEvent(.power, target: .off)
                ChartState(.stopped) { OnEvent(.play, target: .playing) }
                ChartState(.playing) { OnEvent(.pause, target: .paused); OnEvent(.stop, target: .stopped) }
                ChartState(.paused) { OnEvent(.play, target: .playing); OnEvent(.stop, target: .stopped) }
            }
        }
        let player = StateMachine(chart: chart)
        player.handle(.power)
        player.handle(.play)
        let configuration = player.state.configuration   // [.on, .playing]

        #expect(configuration == [.on, .playing])
    }
}
