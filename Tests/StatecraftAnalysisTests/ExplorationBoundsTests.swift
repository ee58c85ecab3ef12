import Foundation
import Statecraft
import StatecraftAnalysis
import StatecraftSCXML
import StatecraftTestSupport
import Testing

/// A tally whose `count` grows without bound while `label` stays put.
struct Tally: Hashable, Sendable {
    var count = 0
    var label = "tally"
}

/// A chart whose context has a field that keeps changing: its space never ends.
func tallyChart() throws -> Statechart<Counter, CounterInput, Tally> {
    try Statechart(initial: .counting, context: Tally()) {
        ChartState(.counting) { OnEvent(.increment, action: { tally, _ in tally.count += 1 }) }
    }
}

/// The 1,000-toggle chart of issue 40 and smaller ones (``HostileCharts/parallelToggles(_:)``).
func parallelToggles(_ regions: Int) -> String { HostileCharts.parallelToggles(regions) }

/// Exploration bounded in work and time, and what a partial space says about why it is partial.
@Suite("Exploration bounds")
struct ExplorationBoundsTests {
    @Test("A partial space names the context fields whose values kept changing")
    func varyingContextFields() throws {
        let space = StateSpace.explore(try tallyChart(), limits: ExplorationLimits(maxConfigurations: 50))
        #expect(space.stoppedAt == .maxConfigurations)
        #expect(space.varyingData == ["count"])
        let incomplete = try #require(space.incompleteness)
        #expect(incomplete.bound == .maxConfigurations)
        #expect(incomplete.configurations == 50)
        #expect(
            incomplete.description.hasPrefix(
                "exploration is incomplete: explored 50 configurations and 49 steps (work 149), stopped at the "
                    + "bound maxConfigurations = 50; the values of 'count' differ between configurations with "
                    + "the same active states"))
        #expect(throws: IncompleteExploration.self) { try space.requireComplete() }
    }

    @Test("A context without fields is named 'the context'; a complete space names nothing")
    func contextWithoutFields() throws {
        let space = StateSpace.explore(try counterChart(), limits: ExplorationLimits(maxConfigurations: 10))
        #expect(space.varyingData == ["the context"])
        let complete = StateSpace.explore(try playerChart())
        #expect(complete.isComplete)
        #expect(complete.varyingData.isEmpty)
        #expect(complete.incompleteness == nil)
        #expect(complete.work > 0)
        try complete.requireComplete()
    }

    @Test("An SCXML chart's varying data variables are named, the constant ones are not")
    func varyingDataVariables() throws {
        let document = try scxml(
            """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
              <datamodel><data id="count" expr="0"/><data id="label" expr="'x'"/></datamodel>
              <state id="counting"><transition event="increment"><assign location="count" expr="count + 1"/></transition></state>
            </scxml>
            """)
        let space = try StateSpace.explore(document: document, limits: ExplorationLimits(maxConfigurations: 20))
        #expect(space.stoppedAt == .maxConfigurations)
        #expect(space.varyingData == ["count"])
        #expect(space.incompleteness?.description.contains("'count'") == true)
    }

    // The time limit only catches a hang (the test takes seconds); the bound it checks is work, not time.
    @Test(
        "1,000 parallel toggles stop at maxWork with a few hundred configurations, not at 100,000",
        .timeLimit(.minutes(10)))
    func parallelTogglesStopAtTheWorkBound() throws {
        // A fifth of the default work keeps the test quick in a debug build; the time bound is far off, so
        // that a loaded machine cannot make it decide.
        let limits = ExplorationLimits(maxWork: 2_000_000, maxDuration: .seconds(600))
        let space = try StateSpace.explore(document: scxml(parallelToggles(1_000)), limits: limits)
        #expect(space.stoppedAt == .maxWork)
        #expect(space.work >= limits.maxWork)
        // Each step costs 1 + 2,001 + 2,001 units: the work bound allows about 500 steps.
        #expect(space.work < limits.maxWork + 4_003)
        #expect(space.configurations.count < 600)
        #expect(space.varyingData.isEmpty)
        #expect(space.incompleteness?.description.contains("configurations are too many") == true)
    }

    @Test("maxWork counts each step tried plus the active states it leaves and reaches")
    func workCounter() throws {
        // The door: a ⇄ b on go, and on go.now, which `go` matches too. Two configurations of one state.
        let space = try StateSpace.explore(document: scxml(doorWithAnUnreachableState))
        #expect(space.isComplete)
        #expect(space.edges.count == 4)
        // 4 steps tried, each 1 + the 1 state it leaves + the 1 state it reaches.
        #expect(space.work == 4 * 3)
        let bounded = try StateSpace.explore(
            document: scxml(doorWithAnUnreachableState), limits: ExplorationLimits(maxWork: 3))
        #expect(bounded.stoppedAt == .maxWork)
        #expect(bounded.work == 3)
    }

    @Test("maxDuration stops exploration, whatever else is left")
    func durationBound() throws {
        let space = StateSpace.explore(try tallyChart(), limits: ExplorationLimits(maxDuration: .zero))
        #expect(space.stoppedAt == .maxDuration)
        #expect(space.configurations.count == 1)
        #expect(space.summary == "explored 1 configurations and 0 steps, stopped at the bound maxDuration = 0 s")
    }

    @Test("The limits encode each bound under its name, maxDuration in seconds, and old JSON still decodes")
    func limitsJSON() throws {
        let limits = ExplorationLimits(maxConfigurations: 7, maxWork: 90, maxDuration: .milliseconds(1_500))
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(limits)) as? [String: Any]
        #expect(json?["maxWork"] as? Int == 90)
        #expect(json?["maxDuration"] as? Double == 1.5)
        #expect(try JSONDecoder().decode(ExplorationLimits.self, from: JSONEncoder().encode(limits)) == limits)
        let old = try JSONDecoder().decode(
            ExplorationLimits.self, from: Data(#"{"maxConfigurations": 5, "maxDepth": 2}"#.utf8))
        #expect(old == ExplorationLimits(maxConfigurations: 5, maxDepth: 2))
        let space = StateSpace.explore(try tallyChart(), limits: ExplorationLimits(maxConfigurations: 5))
        #expect(try JSONDecoder().decode(StateSpace.self, from: JSONEncoder().encode(space)) == space)
    }
}
