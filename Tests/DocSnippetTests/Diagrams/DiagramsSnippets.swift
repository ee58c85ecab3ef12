// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Foundation
import Statecraft
import StatecraftDiagrams
import Testing

// The Swift code of the StatecraftDiagrams DocC articles, compiled and run; each ```swift block is an excerpt
// of this file (DocSnippetTextTests checks it).

enum ScreenState: CaseIterable { case list, refreshing, error }

extension ScreenState: DiagramLabeled {
    var diagramLabel: String {
        switch self {
        case .list: "List"
        case .refreshing: "Refreshing"
        case .error: "Error"
        }
    }
}

/// A screen machine whose diagram is kept in `Screen.mmd`, next to this file.
enum ScreenMachine {
    enum Event: CaseIterable { case refresh, showList, showError, dismissError }

    static let schema = StateMachineSchema<ScreenState, Event, Void>(initialState: .list) { state, event in
        switch (state, event) {
        case (.list, .refresh), (.error, .refresh): (.refreshing, nil)
        case (.refreshing, .showList): (.list, nil)
        case (.refreshing, .showError): (.error, nil)
        case (.error, .dismissError): (.list, nil)
        default: nil
        }
    }
}

/// An error for the samples.
struct SampleError: Error {}

@Suite("Diagrams article samples")
struct DiagramsSnippets {
    @Test func probingADefinition() {
        let controller = ListController()
        do {
            enum ScreenState: CaseIterable { case list, refreshing, error }
            enum ScreenEvent: CaseIterable { case refresh, showList, showError, dismissError }

            let schema = StateMachineSchema<ScreenState, ScreenEvent, ListController>(initialState: .list) { state, event in
                state == .list && event == .refresh ? (.refreshing, { controller in controller.showSpinner() }) : nil
            }
            let description = schema.machineDescription()

            #expect(description.transitions.count == 1)
        }
        #expect(controller.calls.isEmpty)
    }

    @Test func sampleValues() {
        let song = Song(artist: "Nina Simone", title: "Feeling Good")
        let description = LoadableDefinition<[Song]>().machineDescription(
            states: [.loading],
            events: [.load, .succeed([song]), .fail(SampleError()), .empty, .reload])
        // states: loading, data, failure, empty — discovered from the transitions
        #expect(description.states.count == 4)
    }

    @Test func screenDiagramIsUpToDate() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Screen.mmd")
        try ScreenMachine.schema.machineDescription().write(to: url)
    }
}
