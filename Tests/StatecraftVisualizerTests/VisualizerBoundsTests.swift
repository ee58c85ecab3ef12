import Foundation
import Statecraft
import StatecraftAnalysis
import StatecraftDiagrams
import StatecraftSCXML
import Testing

@testable import StatecraftVisualizer

/// A visit counter whose `visits` grows without bound while `room` stays put.
struct Visits: Hashable, Sendable {
    var visits = 0
    var room = "hall"
}

enum Door: String, Hashable, Sendable, CustomStringConvertible {
    case open
    var description: String { rawValue }
}

enum DoorInput: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case enter
    var description: String { rawValue }
}

/// A chart whose space never ends: each `enter` counts a visit.
func visitsChart() throws -> Statechart<Door, DoorInput, Visits> {
    try Statechart(initial: .open, context: Visits()) {
        ChartState(.open) { OnEvent(.enter, action: { context, _ in context.visits += 1 }) }
    }
}

/// Pages of machines too large to explore or to draw: small by default, and saying why they are partial.
@Suite("Visualizer bounds")
struct VisualizerBoundsTests {
    @Test("writeVisualizer of an endless counter writes a small page and returns why it is partial")
    func endlessCounterPage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("visualizer-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("visits.html")
        let started = ContinuousClock.now
        let incomplete = try #require(try visitsChart().writeVisualizer(to: url))
        let elapsed = ContinuousClock.now - started
        #expect(incomplete.bound == .maxConfigurations)
        #expect(incomplete.configurations == ExplorationLimits.visualizerPage.maxConfigurations)
        #expect(incomplete.varyingData == ["visits"])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(size < 5_000_000, "the page has \(size) bytes")
        print("visits page: \(size) bytes in \(elapsed)")
    }

    @Test("A chart of more states than a page draws is refused before Graphviz runs")
    func tooLargeToDraw() throws {
        let flat = (0...VisualizerDrawing.maximumStates).map { StateDescription(id: "s\($0)") }
        // Regions of two states each, one more than a page draws as clusters.
        let regions = (0...VisualizerDrawing.maximumClusters).flatMap { region in
            [
                StateDescription(id: "r\(region)", kind: .compound, parent: "all", initialChild: "r\(region)a"),
                StateDescription(id: "r\(region)a", parent: "r\(region)"),
            ]
        }
        let nested = [StateDescription(id: "all", kind: .parallel)] + regions
        for (states, clusters) in [(flat, 0), (nested, VisualizerDrawing.maximumClusters + 2)] {
            let machine = try MachineDescription(
                states: states, initialState: states[0].id, events: [], transitions: [])
            do {
                // No search path: reaching Graphviz would be `toolNotFound` instead.
                _ = try VisualizerDrawing(machine: machine, renderer: GraphvizRenderer(searchPath: []))
                Issue.record("a chart of \(states.count) states was drawn")
            } catch .tooLargeToDraw(let count, let clusterCount) {
                #expect(count == states.count && clusterCount == clusters)
            } catch {
                Issue.record("unexpected error: \(error)")
            }
        }
        let message = VisualizerError.tooLargeToDraw(states: 2_001, clusters: 1_001).description
        #expect(message.hasPrefix("the chart has 2001 states, 1001 of them with children; a page draws at most 1500"))
    }

    @Test("Cut events past the work budget are listed without stepping them")
    func cutEventsWithinTheBudget() throws {
        // 100 parallel toggles, and 100 events that only a state never entered handles.
        var text = #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><parallel id="all">"#
        for region in 0..<100 {
            text += """
                <state id="t\(region)"><state id="t\(region)_off"><transition event="flip\(region)" target="t\(region)_on"/></state>\
                <state id="t\(region)_on"><transition event="flip\(region)" target="t\(region)_off"/></state></state>
                """
        }
        text += #"</parallel><state id="never">"#
        text += (0..<100).map { #"<transition event="noop\#($0)" target="never"/>"# }.joined()
        let document = try SCXMLParser.parse(data: Data((text + "</state></scxml>").utf8), file: "toggles.scxml")
        let model = try VisualizerModel.explore(document: document)
        #expect(!model.space.isComplete)
        #expect(model.space.events.count == 200)
        // Within the budget, stepping tells the ignored noop events from the flips cut off.
        #expect(model.cutEvents.values.contains { $0.count == 100 && $0.allSatisfy { $0.hasPrefix("flip") } })
        // Past it, every event without a step is listed, the noops included, since none was stepped.
        let last = try #require(model.space.configurations.last)
        #expect(model.cutEvents[last.id]?.count == 200)
    }
}
