import Statecraft
import StatecraftAnalysis
import Testing

@Suite("Paths and coverage")
struct PathsAndCoverageTests {
    @Test("A path is the shortest event sequence, as labels and as values")
    func pathValues() throws {
        let space = StateSpace.explore(try playerChart())
        let path = try #require(space.path(to: "playing"))
        #expect(path.events == ["power", "play"])
        #expect(path.values(in: PlayerInput.allCases) == [.power, .play])
        #expect(path.description == "power play")
        #expect(space.path(to: "nowhere") == nil)
        // Stepping the chart along it reaches the configuration.
        let chart = try playerChart()
        var snapshot = chart.start()
        for event in path.values(in: PlayerInput.allCases) { snapshot = try #require(chart.step(snapshot, on: event)) }
        #expect(snapshot.isActive(.playing))
    }

    @Test("State paths reach every reachable state; transition paths take every taken transition")
    func coverPaths() throws {
        let chart = try playerChart()
        let space = StateSpace.explore(chart)
        let statePaths = space.statePaths()
        #expect(
            statePaths.map(\.state) == [
                "off", "on", "playback", "paused", "playing", "volume", "quiet", "loud", "done",
            ])
        let transitionPaths = space.transitionPaths()
        #expect(Set(transitionPaths.flatMap(\.transitions)) == space.takenTransitions)
        // Replaying each path on a machine with a coverage recorder takes the transitions it was chosen for.
        var taken: Set<Int> = []
        for (transitions, path) in transitionPaths {
            let replay = StateMachine(chart: chart)
            let coverage = TransitionCoverage(replay)
            for event in path.values(in: PlayerInput.allCases) { replay.handle(event) }
            #expect(Set(transitions).isSubset(of: coverage.report.taken))
            taken.formUnion(coverage.report.taken)
        }
        #expect(taken == space.takenTransitions)
    }

    @Test("The coverage recorder reports taken and missed transitions of a chart run")
    func chartCoverage() throws {
        let machine = StateMachine(chart: try playerChart())
        let coverage = TransitionCoverage(machine)
        machine.handle(.power)
        machine.handle(.play)
        machine.handle(.play) // ignored in playing
        machine.handle(.pause)
        let report = coverage.report
        // `power` enters `on` through the empty history: its default transition is taken too.
        #expect(report.taken.map { report.machine.transitions[$0].event } == ["power", nil, "play", "pause"])
        #expect(
            report.missedDescription == """
                on --power--> off
                on --eject--> done
                quiet --toggle--> loud
                loud --toggle--> quiet
                """)
        #expect(report.counts[report.taken[2]] == 1)
        coverage.stop()
        machine.handle(.play)
        #expect(coverage.report.counts[report.taken[2]] == 1)
    }

    @Test("A history state's default transition is taken when its parent is entered with no history")
    func historyDefaultCoverage() throws {
        let chart = try playerChart()
        let description = chart.machineDescription()
        let historyDefault = try #require(description.transitions.firstIndex { $0.source == "hist" })
        let machine = StateMachine(chart: chart)
        let coverage = TransitionCoverage(machine)
        machine.handle(.power) // off → on through the empty history: its default enters paused
        #expect(coverage.report.counts[historyDefault] == 1)
        #expect(chart.describedTransitions(of: machine.state.lastMacrostep).flatMap { $0 }.contains(historyDefault))
        machine.handle(.play)
        machine.handle(.power) // on → off records playing
        machine.handle(.power) // back through the recorded history: the default is not taken
        #expect(machine.state.isActive(.playing))
        #expect(coverage.report.counts[historyDefault] == 1)
        // The explored space has the step too, so paths can cover it.
        #expect(StateSpace.explore(chart).takenTransitions.contains(historyDefault))
    }

    @Test("The coverage recorder counts a definition's transitions against its probed description")
    func definitionCoverage() {
        enum Light: String, CaseIterable, Hashable { case red, green, yellow }
        enum Signal: String, CaseIterable, Hashable { case next, reset }
        let machine = StateMachine<TransitionFunction<Light, Signal>>(initialState: Light.red) { state, signal in
            switch (state, signal) {
            case (.red, .next): .green
            case (.green, .next): .yellow
            case (.yellow, .next): .red
            case (_, .reset): .red
            }
        }
        let coverage = TransitionCoverage(machine, states: Light.allCases, events: Signal.allCases)
        machine.handle(.next)
        machine.handle(.next)
        #expect(coverage.report.taken.count == 2)
        #expect(
            coverage.report.missedDescription == """
                red --reset--> red
                green --reset--> red
                yellow --next--> red
                yellow --reset--> red
                """)
        #expect(coverage.report.fraction == 2.0 / 6.0)
    }
}
