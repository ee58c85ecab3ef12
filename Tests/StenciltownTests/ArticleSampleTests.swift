import Statecraft
import StatecraftTesting
import StenciltownKit
import Testing

/// The manual-clock sample of the DocC article "Async work in states", as written there.
@MainActor
@Suite("Async work article sample")
struct ArticleSampleTests {
    @Test func aManualClockMovesTheFetchOn() async {
        let clock = ManualClock()
        let session = StenciltownSession(environment: StenciltownEnvironment(), clock: clock)
        session.start()
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .milliseconds(250)) // the fetch reports 5 %

        var yields = 0
        while session.machine.state == .fetching(progress: 0), yields < 10_000 {
            await Task.yield()
            yields += 1
        }
        #expect(session.machine.state == .fetching(progress: 0.05))
        session.stop()
    }
}
