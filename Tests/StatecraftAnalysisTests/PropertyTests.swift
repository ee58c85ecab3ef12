import Statecraft
import StatecraftAnalysis
import Testing

@Suite("Properties")
struct PropertyTests {
    @Test("never: the shortest counterexample reaches all the states at once")
    func never() throws {
        let space = StateSpace.explore(try playerChart())
        let result = space.check(.never(["playing", "loud"]))
        #expect(result.counterexample?.events == ["power", "play", "toggle"])
        #expect(space.check(.never(["off", "playing"])) == .holds)
        // The counterexample is real: the chart reaches both.
        let chart = try playerChart()
        var snapshot = chart.start()
        for event in try #require(result.counterexample).values(in: PlayerInput.allCases) {
            snapshot = try #require(chart.step(snapshot, on: event))
        }
        #expect(snapshot.isActive(.playing) && snapshot.isActive(.loud))
    }

    @Test("alwaysCanReach: a configuration from which the state is lost for good")
    func alwaysCanReach() throws {
        let space = StateSpace.explore(try playerChart())
        // `done` is final: once there, `off` is out of reach; the shortest way there needs two plays.
        guard case .violated(let path, let explanation) = space.check(.alwaysCanReach("off")) else {
            Issue.record("expected a violation")
            return
        }
        #expect(path.events == ["power", "play", "pause", "play", "eject"])
        #expect(explanation.hasSuffix("the machine is in 'done', from which no event sequence reaches 'off'"))
        // A state active everywhere is always reachable — but only the whole space can show it.
        #expect(StateSpace.explore(try playerChart()).check(.alwaysCanReach("on")) != .holds)
        #expect(
            StateSpace.explore(try counterChart(), limits: ExplorationLimits(maxConfigurations: 5))
                .check(.alwaysCanReach("counting"))
                == .inconclusive(
                    reason: "explored 5 configurations and 4 steps, stopped at the bound maxConfigurations = 5"))
    }

    @Test("unreachableAfter: once the event is handled, the state needs the other event first")
    func unreachableAfter() throws {
        let space = StateSpace.explore(try playerChart())
        // After pause, playing needs play again (history restores paused).
        #expect(space.check(.unreachableAfter(event: "pause", state: "playing", unless: "play")) == .holds)
        // After power (off), playing comes back through history without play.
        let result = space.check(.unreachableAfter(event: "power", state: "playing", unless: "play"))
        #expect(result.counterexample?.events == ["power", "play", "power", "power"])
    }

    @Test("A property that needs the whole space is inconclusive at a bound; a found violation is not")
    func bounds() throws {
        let space = StateSpace.explore(try counterChart(), limits: ExplorationLimits(maxConfigurations: 5))
        #expect(space.check(.never(["counting"])).counterexample?.events == [])
        if case .inconclusive(let reason) = space.check(.never(["nowhere"])) {
            #expect(reason.hasSuffix("stopped at the bound maxConfigurations = 5"))
        } else {
            Issue.record("expected an inconclusive result")
        }
    }
}
