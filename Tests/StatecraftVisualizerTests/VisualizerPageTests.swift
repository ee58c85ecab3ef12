import Foundation
import Statecraft
import StatecraftAnalysis
import StatecraftDiagrams
import StatecraftSCXML
import Testing

@testable import StatecraftVisualizer

@Suite("Visualizer page")
struct VisualizerPageTests {
    /// The embedded model's JSON text.
    static func embeddedJSON(in html: String) throws -> String {
        let opening = #"<script type="application/json" id="statecraft-model">"#
        let start = try #require(html.range(of: opening))
        let end = try #require(html[start.upperBound...].range(of: "</script>"))
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test("The page refers to nothing outside itself")
    func selfContained() throws {
        let html = try VisualizerPage(model: .explore(try deskChart())).html()
        for reference in [
            "src=\"http", "href=\"http", "src='http", "href='http", "@import", "url(", "<link", "<img", "<iframe",
            "xlink:href=\"http", "<!DOCTYPE svg", "<?xml", "//fonts.", "fetch(", "XMLHttpRequest",
        ] {
            #expect(!html.contains(reference), "the page contains \(reference)")
        }
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("default-src 'none'"))
        // A standalone page follows no live feed, and its policy allows no connection at all.
        #expect(html.contains("<body>\n") && !html.contains("connect-src"))
        // One inline SVG, drawn by Graphviz.
        #expect(html.components(separatedBy: "<svg").count == 2)
        #expect(html.contains("window.statecraft = api"))
    }

    @Test("A page served by the live inspector may connect to its own origin, and nothing else")
    func liveFeedPage() throws {
        let model = VisualizerModel.explore(try deskChart())
        let html = VisualizerPage(model: model).html(
            drawing: try VisualizerDrawing(machine: model.space.machine), liveFeedPath: "/stream")
        #expect(html.contains(#"<body data-live-feed="/stream">"#))
        #expect(html.contains("default-src 'none'; connect-src 'self';"))
    }

    @Test("A page that follows statecraft serve reads its feed as Server-Sent Events")
    func serverSentEventsPage() throws {
        let model = VisualizerModel.explore(try deskChart())
        let html = VisualizerPage(model: model).html(
            drawing: try VisualizerDrawing(machine: model.space.machine), liveFeedPath: "/machines/m/stream",
            liveFeedTransport: .serverSentEvents)
        #expect(html.contains(#"<body data-live-feed="/machines/m/stream" data-live-feed-transport="sse">"#))
        #expect(html.contains("default-src 'none'; connect-src 'self';"))
        #expect(html.contains("new EventSource(feed + location.search)"))
    }

    @Test("The embedded JSON is the model")
    func embeddedModel() throws {
        let model = VisualizerModel.explore(try kettleChart(), events: [.switchOn, .switchOff, .pour])
        let html = try VisualizerPage(model: model).html()
        let json = try Self.embeddedJSON(in: html)
        #expect(try JSONDecoder().decode(VisualizerModel.self, from: Data(json.utf8)) == model)
    }

    @Test("Text that would end the script element is escaped inside the JSON")
    func scriptSafeJSON() throws {
        let document = try SCXMLParser.parse(
            string: """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="a&lt;/script&gt;&lt;b&gt;&amp;" datamodel="null">
                  <state id="a"><transition event="go" target="b"/></state>
                  <state id="b"/>
                </scxml>
                """)
        let page = try document.visualizerPage()
        let html = try page.html()
        #expect(html.components(separatedBy: "</script>").count == 3) // the JSON's and the code's
        let json = try Self.embeddedJSON(in: html)
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"))
        let decoded = try JSONDecoder().decode(VisualizerModel.self, from: Data(json.utf8))
        #expect(decoded.space.machine.name == "a</script><b>&")
        #expect(html.contains("<title>a&lt;/script&gt;&lt;b&gt;&amp;</title>"))
    }

    @Test("Every state is drawn and tagged with its id; parallel regions are marked")
    func drawingTags() throws {
        let model = VisualizerModel.explore(try deskChart())
        let svg = try VisualizerDrawing(machine: model.space.machine).svg
        for state in model.space.machine.states {
            #expect(svg.contains("data-state=\"\(state.id)\""), "state \(state.id) is not tagged")
        }
        #expect(svg.contains("class=\"cluster sc-state sc-parallel\" data-state=\"desk\""))
        #expect(svg.contains("class=\"cluster sc-state sc-compound sc-region\" data-state=\"lamp\""))
        #expect(svg.contains("class=\"cluster sc-state sc-compound sc-region\" data-state=\"radio\""))
        #expect(svg.contains("class=\"node sc-state sc-atomic\" data-state=\"lampOff\""))
        // Every transition's edge is tagged with its position, and carries the transition's event as its label.
        var tagged: [Int: Substring] = [:]
        for chunk in svg.components(separatedBy: "data-transition=\"").dropFirst() {
            guard let position = Int(chunk.prefix { $0.isNumber }), let end = chunk.range(of: "</g>") else { continue }
            tagged[position] = chunk[..<end.lowerBound]
        }
        #expect(tagged.keys.sorted() == Array(model.space.machine.transitions.indices))
        for (position, transition) in model.space.machine.transitions.enumerated() {
            let group = tagged[position] ?? ""
            if let event = transition.event {
                #expect(group.contains(">\(event)</text>"), "transition \(position) (\(event)) is on another edge")
            } else {
                #expect(!group.contains("</text>"), "eventless transition \(position) is on a labelled edge")
            }
        }
        #expect(svg.hasPrefix("<svg"))
        #expect(!svg.contains("<!--"))
    }

    @Test("Graphviz's groups get the state's id and kind, by the DOT numbering")
    func annotation() throws {
        let chart = try kettleChart()
        let machine = chart.machineDescription()
        let body = """
            <svg width="8pt" height="8pt" viewBox="0 0 8 8" xmlns="http://www.w3.org/2000/svg">
            <g id="graph0" class="graph">
            COMMENT
            <g id="node5" class="node">
            <title>4</title>
            <ellipse fill="none" stroke="black" cx="1" cy="1" rx="1" ry="1"/>
            </g>
            <g id="edge1" class="edge">
            <title>0&#45;&gt;1</title>
            </g>
            </g>
            </svg>
            """
        let prolog = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <!-- Generated by graphviz -->

            """
        let graphviz = prolog + body.replacingOccurrences(of: "COMMENT", with: "<!-- 4 -->")
        let svg = VisualizerDrawing(graphvizSVG: graphviz, machine: machine).svg
        #expect(machine.states[3].id == "done")
        #expect(
            svg
                == body.replacingOccurrences(of: "COMMENT", with: "").replacingOccurrences(
                    of: #"<g id="node5" class="node">"#,
                    with: #"<g id="node5" class="node sc-state sc-final" data-state="done">"#))
    }

    @Test("A cut space is marked in the embedded model for the page to say so")
    func cutSpace() throws {
        let page = CountingDefinition().visualizerPage(
            states: [0], events: ["increment"], limits: ExplorationLimits(maxConfigurations: 5))
        let html = try page.html()
        let decoded = try JSONDecoder().decode(VisualizerModel.self, from: Data(try Self.embeddedJSON(in: html).utf8))
        #expect(decoded.space.stoppedAt == .maxConfigurations)
        #expect(decoded.cutEvents == [4: ["increment"]])
        #expect(html.contains("exploration stopped at the bound"))
    }

    @Test("writeVisualizer writes the page; a missing dot is a typed error")
    func writing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("visualizer-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("desk.html")
        try deskChart().writeVisualizer(to: url, title: "Desk")
        let html = try String(contentsOf: url, encoding: .utf8)
        #expect(html.contains("<title>Desk</title>"))
        #expect(throws: VisualizerError.self) {
            try VisualizerPage(model: .explore(try deskChart())).html(renderer: GraphvizRenderer(searchPath: []))
        }
        let unwritable = directory.appendingPathComponent("missing/desk.html")
        do {
            try deskChart().writeVisualizer(to: unwritable)
            Issue.record("writing into a missing directory succeeded")
        } catch let error as VisualizerError {
            #expect(error.description.hasPrefix("\(unwritable.path): cannot write the page"))
        }
    }
}
