// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Foundation
import Statecraft
import StatecraftAnalysis
import StatecraftSCXML
import Testing

/// The Swift code of the DocC article "Validating and exploring machines", as written there (DocSnippetTests
/// checks that each of its ```swift blocks is an excerpt of this file).
@Suite("Validating and exploring article")
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

    @Test func exploring() throws {
        let player = try playerChart()
        let schema = Self.schema
        let url = repositoryRoot.appendingPathComponent("Tests/StatecraftVisualizerTests/Charts/desk.scxml")

        let space = StateSpace.explore(player)                                   // PlayerInput: CaseIterable
        let offered = StateSpace.explore(player, events: [.power, .play, .pause])
        let lights = StateSpace.explore(definition: schema)                      // State and Event: CaseIterable
        let desk = try StateSpace.explore(document: SCXMLParser.parse(contentsOf: url))

        #expect(space.configurations.count == 36)                                // the reachable configurations
        #expect(space.summary == "explored 36 configurations and 102 steps")

        #expect(offered.events == ["power", "play", "pause"])
        #expect(lights.configurations.map(\.states) == [["red"], ["green"], ["yellow"]])
        #expect(desk.isComplete && desk.configurations.count > 1)
    }

    @Test func validating() throws {
        let space = StateSpace.explore(try playerChart())
        let document = try scxml(doorWithAnUnreachableState, file: "door.scxml")

        let findings = MachineValidator().validate(space)                       // every rule
        let model = try SCXMLExplorationModel(document: document)
        let unreachable = MachineValidator(rules: [UnreachableStateRule()])
            .validate(model.validationSubject(of: StateSpaceExplorer(model).explore()))

        #expect(findings.map(\.rule) == [])
        #expect(unreachable.map(\.description) == [
            "door.scxml:7:3: warning: state 'c' is unreachable: no event sequence from the start enters it [unreachable-state]",
        ])
    }

    @Test func pathsAndCoverage() throws {
        let space = StateSpace.explore(try playerChart())

        #expect(space.path(to: "playing")?.events == ["power", "play"])
        #expect(space.path(to: "playing")?.values(in: PlayerInput.allCases) == [.power, .play])
        #expect(space.statePaths().count == 9)                                   // one shortest path per reachable state
        #expect(Set(space.transitionPaths().flatMap(\.transitions)) == space.takenTransitions)   // all, together

        let player = try playerChart()
        let machine = StateMachine(chart: player)
        let coverage = TransitionCoverage(machine)
        for event in [PlayerInput.power, .play, .toggle, .toggle, .pause, .power, .power, .play, .eject] {
            machine.handle(event)                                                // … drive the machine …
        }
        #expect(coverage.report.missed.isEmpty)                                   // every transition taken
    }

    @Test func properties() throws {
        let space = StateSpace.explore(try playerChart())

        #expect(space.check(.never(["playing", "loud"])).counterexample?.events == ["power", "play", "toggle"])
        #expect(space.check(.alwaysCanReach("off")) != .holds)                  // `done` is final
        #expect(space.check(.unreachableAfter(event: "pause", state: "playing", unless: "play")) == .holds)
    }
}
