import Foundation
import Statecraft
import StatecraftAnalysis
import StatecraftSCXML
import Testing

@Suite("State space")
struct StateSpaceTests {
    @Test("A chart's space has one node per configuration, history value and context")
    func chartSpace() throws {
        let space = StateSpace.explore(try playerChart())
        #expect(space.isComplete)
        let initial = space.configurations[0]
        #expect(initial.states == ["off"])
        #expect(initial.depth == 0 && initial.parentEdge == nil)
        #expect(space.configurations.contains { $0.states.contains("playing") && $0.data == "2" })
        #expect(space.configurations.contains { $0.history["hist"] == ["playing"] && $0.states == ["off"] })
        // Finishing keeps the history value and the play count: `done` is reached twice.
        #expect(space.configurations.filter(\.isFinal).map(\.states) == [["done"], ["done"]])
        // Every edge was computed by the chart: re-stepping along it gives its target.
        let chart = try playerChart()
        for configuration in space.configurations {
            var snapshot = chart.start()
            for event in space.path(to: configuration.id).eventIndices.map({ PlayerInput.allCases[$0] }) {
                snapshot = try #require(chart.step(snapshot, on: event))
            }
            let active = snapshot.isFinished ? [try #require(snapshot.finalState)] : snapshot.configuration
            #expect(active.map(\.rawValue) == configuration.states)
            #expect("\(snapshot.context)" == configuration.data)
        }
    }

    @Test("The explorer keeps a chart's nodes without the record of the step that produced them")
    func nodesAreKeptWithoutTheirRecord() throws {
        let chart = try playerChart()
        let model = ChartExplorationModel(chart, events: PlayerInput.allCases)
        let start = model.start()
        let powered = try #require(model.step(start.node, event: 0))
        #expect(!powered.node.lastMacrostep.microsteps.isEmpty)
        let kept = model.nodeToKeep(powered.node)
        #expect(kept.lastMacrostep.microsteps.isEmpty)
        #expect(model.key(of: kept) == model.key(of: powered.node))
        #expect(model.configuration(of: kept) == model.configuration(of: powered.node))
        // Stepping the kept node goes where stepping the full one goes.
        for event in PlayerInput.allCases.indices {
            #expect(
                model.step(kept, event: event).map { model.key(of: $0.node) }
                    == model.step(powered.node, event: event).map { model.key(of: $0.node) })
        }
    }

    @Test("Edges name the event, the transitions taken and the states exited and entered")
    func edges() throws {
        let space = StateSpace.explore(try playerChart())
        let power = try #require(space.edges.first { $0.source == 0 && $0.event == "power" })
        #expect(power.exited == ["off"])
        #expect(power.entered == ["on", "playback", "paused", "volume", "quiet"])
        // `power` enters `on` through the empty history: its default transition is taken too.
        #expect(power.transitions.map { space.machine.transitions[$0].source } == ["off", "hist"])
        let eject = try #require(space.edges.first { $0.event == "eject" })
        #expect(space.configurations[eject.target].isFinal)
        #expect(space.machine.transitions[try #require(eject.transitions.first)].condition == "guard1")
        // The guard reads the context: eject is handled only where two plays were counted.
        for edge in space.edges where edge.event == "eject" {
            #expect(space.configurations[edge.source].data == "2")
        }
    }

    @Test("An unbounded space stops at maxConfigurations with a summary")
    func configurationBound() throws {
        let space = StateSpace.explore(try counterChart(), limits: ExplorationLimits(maxConfigurations: 50))
        #expect(space.stoppedAt == .maxConfigurations)
        #expect(space.configurations.count == 50)
        #expect(space.summary == "explored 50 configurations and 49 steps, stopped at the bound maxConfigurations = 50")
    }

    @Test("maxDepth keeps the configurations at that depth without expanding them")
    func depthBound() throws {
        let space = StateSpace.explore(try counterChart(), limits: ExplorationLimits(maxDepth: 3))
        #expect(space.stoppedAt == .maxDepth)
        #expect(space.configurations.map(\.depth) == [0, 1, 2, 3])
        #expect(
            !StateSpace.explore(try playerChart(), limits: ExplorationLimits(maxDepth: 100)).stoppedAt.map { _ in true }
                .isSome)
    }

    @Test("A definition is explored by its own decide function")
    func definition() {
        enum Light: String, CaseIterable, Hashable { case red, green, yellow, broken }
        enum Signal: String, CaseIterable, Hashable { case next, fail }
        let definition = TransitionFunction<Light, Signal>(initialState: .red) { state, signal in
            switch (state, signal) {
            case (.red, .next): .green
            case (.green, .next): .yellow
            case (.yellow, .next): .red
            default: nil
            }
        }
        let space = StateSpace.explore(definition: definition)
        #expect(space.configurations.map(\.states) == [["red"], ["green"], ["yellow"]])
        #expect(space.edges.map(\.event) == ["next", "next", "next"])
        #expect(space.edges.allSatisfy { $0.transitions.count == 1 })
        #expect(space.machine.states.map(\.id).contains("broken"))
    }

    @Test("An SCXML document's data model is part of each configuration")
    func scxmlSpace() throws {
        let document = try scxml(
            """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="idle">
              <datamodel><data id="n" expr="0"/></datamodel>
              <state id="idle">
                <transition event="go" cond="n &lt; 2" target="busy"><assign location="n" expr="n + 1"/></transition>
                <transition event="go" target="done"/>
              </state>
              <state id="busy"><transition event="back" target="idle"/></state>
              <final id="done"/>
            </scxml>
            """)
        let space = try StateSpace.explore(document: document)
        #expect(space.isComplete)
        #expect(space.events == ["go", "back"])
        #expect(space.configurations.map(\.data) == ["n=0", "n=1", "n=1", "n=2", "n=2", "n=2"])
        #expect(space.configurations.map(\.states) == [["idle"], ["busy"], ["idle"], ["busy"], ["idle"], ["done"]])
        let model = try SCXMLExplorationModel(document: document)
        #expect(model.sourceLocations.transitions[1]?.line == 5)
        #expect(model.sourceLocations.states["busy"]?.description == "test.scxml:7:3")
    }

    @Test("The JSON form has the documented fields and decodes to the same space")
    func json() throws {
        let space = StateSpace.explore(try playerChart())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(space)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "machine", "events", "configurations", "edges", "limits", "start", "work", "varyingData",
            ])
        let edge = try #require((object["edges"] as? [[String: Any]])?.first)
        #expect(
            Set(edge.keys) == [
                "source", "target", "event", "eventIndex", "transitions", "exited", "entered", "sent", "errors",
                "reachedMicrostepLimit",
            ])
        let configuration = try #require((object["configurations"] as? [[String: Any]])?.first)
        #expect(Set(configuration.keys) == ["id", "depth", "states", "atomicStates", "history", "data", "isFinal"])
        #expect(try JSONDecoder().decode(StateSpace.self, from: data) == space)
    }
}

extension Optional {
    var isSome: Bool { self != nil }
}
