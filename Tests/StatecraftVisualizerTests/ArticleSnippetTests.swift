// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Foundation
import Statecraft
import StatecraftSCXML
import StatecraftVisualizer
import Testing

/// The Swift code of the DocC articles of StatecraftVisualizer and of the README's "Seeing a machine run", as
/// written there (DocSnippetTests checks that each ```swift block is an excerpt of this file).
@Suite("Visualizer article samples")
struct ArticleSnippetTests {
    /// A stop light whose states and events can be listed.
    enum Light: String, CaseIterable, Hashable { case red, green, yellow }
    enum Signal: String, CaseIterable, Hashable { case next }

    static let schema = TransitionFunction<Light, Signal>(initialState: .red) { state, _ in
        switch state {
        case .red: .green
        case .green: .yellow
        case .yellow: .red
        }
    }

    @Test func everyWayOfWritingAPage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("visualizer-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let chart = try deskChart()
        let schema = Self.schema
        let url = directory.appendingPathComponent("page.html")
        let chartURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Charts/desk.scxml")
        let offeredURL = directory.appendingPathComponent("offered.html")

        try chart.writeVisualizer(to: directory.appendingPathComponent("desk.html"))      // Event: CaseIterable
        try chart.writeVisualizer(to: offeredURL, events: [.lamp, .radio])                // or the events to offer
        try schema.writeVisualizer(to: directory.appendingPathComponent("light.html"))    // State & Event: CaseIterable
        try SCXMLParser.parse(contentsOf: chartURL).visualizerPage().write(to: url)
        let html = try VisualizerPage(model: .explore(chart), title: "Desk").html()       // the text itself

        let desk = try String(contentsOf: directory.appendingPathComponent("desk.html"), encoding: .utf8)
        let light = try String(contentsOf: directory.appendingPathComponent("light.html"), encoding: .utf8)
        let document = try String(contentsOf: url, encoding: .utf8)
        let offered = try String(contentsOf: offeredURL, encoding: .utf8)
        for page in [desk, offered, light, document, html] {
            #expect(page.contains("window.statecraft = api"))
        }
        #expect(desk.contains(#"data-state="lampOn""#) && light.contains(#"data-state="yellow""#))
        #expect(document.contains(#"data-state="lampOn""#))
        #expect(html.contains("<title>Desk</title>"))
    }
}
