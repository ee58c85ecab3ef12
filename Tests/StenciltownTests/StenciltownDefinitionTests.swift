import Statecraft
import StenciltownKit
import Testing

/// The seed's transition table, decided without side effects.
@Suite("Stenciltown transitions")
struct StenciltownDefinitionTests {
    let definition = StenciltownDefinition(environment: StenciltownEnvironment())

    @Test func theHappyPathFollowsTheSeedsDiagram() {
        var state = definition.initialState
        for event: StenciltownEvent in [
            .beginFetch, .fetchProgress(0.5), .fetchCompleted(description: "d"), .download,
            .downloadProgress(0.5), .downloadCompleted,
        ] {
            guard let decision = definition.decide(state: state, event: event) else {
                Issue.record("\(event) ignored in \(state)")
                return
            }
            state = decision.target
        }
        #expect(state == .downloaded)
    }

    @Test func progressIsAnUpdateInPlaceSoItNeverRestartsTheWork() {
        #expect(definition.decide(state: .fetching(progress: 0), event: .fetchProgress(0.3))?.kind == .update)
        #expect(definition.decide(state: .downloading(progress: 0), event: .downloadProgress(0.3))?.kind == .update)
        #expect(definition.decide(state: .fetched(description: "d"), event: .download)?.kind == .change)
    }

    @Test(arguments: [
        StenciltownState.initial, .fetching(progress: 0.5), .fetched(description: "d"),
        .downloading(progress: 0.5), .downloaded, .failed(message: "m"),
    ])
    func resetReturnsToTheStartFromEveryState(state: StenciltownState) {
        #expect(definition.decide(state: state, event: .reset)?.target == .initial)
    }

    @Test func lateReportsAreIgnored() {
        #expect(definition.decide(state: .initial, event: .downloadProgress(0.9)) == nil)
        #expect(definition.decide(state: .fetched(description: "d"), event: .fetchProgress(0.9)) == nil)
        #expect(definition.decide(state: .downloaded, event: .downloadFailed(message: "m")) == nil)
    }

    @Test func aFailedDownloadCanBeRetried() {
        #expect(definition.decide(state: .failed(message: "m"), event: .download)?.target == .downloading(progress: 0))
    }

    @Test func speedDividesTheDurations() {
        let fast = StenciltownEnvironment(speed: 10)
        #expect(fast.fetchDuration == .milliseconds(500))
        #expect(fast.downloadDuration == .seconds(1))
    }
}
