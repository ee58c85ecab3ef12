import Foundation
import Statecraft
import StatecraftAnalysis
import StatecraftSCXML
import Testing

@testable import StatecraftVisualizer

@Suite("Visualizer model")
struct VisualizerModelTests {
    @Test("A chart's timer sends and cancels are recorded on the steps that asked for them")
    func timerEffects() throws {
        let model = VisualizerModel.explore(try kettleChart(), events: [.switchOn, .switchOff, .pour])
        let space = model.space
        #expect(space.events == ["switchOn", "switchOff", "pour", "boilingTimeout"])
        #expect(model.steps.count == space.edges.count)
        let switchOn = try #require(space.edges.first { $0.event == "switchOn" })
        let sends = model.steps[try #require(space.edges.firstIndex(of: switchOn))].effects
        #expect(sends.count == 1)
        #expect(sends.first?.kind == .send)
        #expect(sends.first?.event == "boilingTimeout")
        #expect(sends.first?.delayMilliseconds == 90_000)
        let id = try #require(sends.first?.id)
        let switchOff = try #require(space.edges.firstIndex { $0.event == "switchOff" })
        #expect(model.steps[switchOff].effects == [VisualizerEffect(kind: .cancel, id: id)])
        let timeout = try #require(space.edges.first { $0.event == "boilingTimeout" })
        #expect(space.configurations[timeout.source].states == ["heating"])
        #expect(space.configurations[timeout.target].states == ["boiled"])
        #expect(model.start == VisualizerStep())
        #expect(model.cutEvents.isEmpty)
    }

    @Test("A step that halts the chart records the states exited as it halted")
    func halting() throws {
        let model = VisualizerModel.explore(try kettleChart(), events: [.switchOn, .switchOff, .pour])
        let pour = try #require(model.space.edges.firstIndex { $0.event == "pour" })
        #expect(model.space.edges[pour].exited == ["boiled", "done"])
        #expect(model.space.edges[pour].entered == ["done"])
        #expect(model.steps[pour].haltExited == ["done"])
        let switchOn = try #require(model.space.edges.firstIndex { $0.event == "switchOn" })
        #expect(model.steps[switchOn].haltExited == nil)
    }

    @Test("An SCXML document's delayed and undelayed sends are recorded, the start's included")
    func scxmlSends() throws {
        let document = try SCXMLParser.parse(
            string: """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a" datamodel="null">
                  <state id="a">
                    <onentry><send event="tick" delay="1.5s" id="t"/><send event="now"/></onentry>
                    <transition event="stop" target="b"><cancel sendid="t"/></transition>
                  </state>
                  <state id="b"/>
                </scxml>
                """)
        let model = try VisualizerModel.explore(document: document)
        #expect(
            model.start.effects == [
                VisualizerEffect(kind: .send, event: "tick", delayMilliseconds: 1_500, id: "t"),
                VisualizerEffect(kind: .send, event: "now"),
            ])
        // Sent events are offered too, so the page can deliver them (and find them ignored here).
        #expect(model.space.events == ["stop", "tick", "now"])
        let stop = try #require(model.space.edges.firstIndex { $0.event == "stop" })
        #expect(model.steps[stop].effects == [VisualizerEffect(kind: .cancel, id: "t")])
    }

    @Test("Where a bound cut the space, the events handled but not followed are listed")
    func cutEvents() {
        let model = VisualizerModel.explore(
            definition: CountingDefinition(), states: [0], events: ["increment", "other"],
            limits: ExplorationLimits(maxConfigurations: 3))
        #expect(model.space.stoppedAt == .maxConfigurations)
        #expect(model.space.configurations.count == 3)
        #expect(model.cutEvents == [2: ["increment"]])
    }

    @Test("A complete space has no cut events")
    func completeSpace() throws {
        let model = VisualizerModel.explore(try deskChart())
        #expect(model.space.isComplete)
        #expect(model.cutEvents.isEmpty)
        // lamp (2) × radio (off, music, news) × deep history recorded (none, music, news)
        #expect(model.space.configurations.count == 2 * 3 * 3)
    }

    @Test("The model round-trips through JSON")
    func codable() throws {
        let model = VisualizerModel.explore(try kettleChart(), events: [.switchOn, .switchOff, .pour])
        let data = try JSONEncoder().encode(model)
        #expect(try JSONDecoder().decode(VisualizerModel.self, from: data) == model)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? String == "statecraft-visualizer")
        #expect(object["version"] as? Int == 1)
    }
}
