import Foundation
import Testing

/// `statecraft run` on a chart whose macrostep never settles: the run stops the macrostep at the bound,
/// prints its line, and exits with status 3 and a message naming the loop.
@Suite("statecraft run: loops")
struct RunLoopTests {
    @Test func anEventlessLoopExitsWithStatusThreeNamingTheLoop() throws {
        let result = try StatecraftBinary.run(["run", "eventless-loop.scxml", "--events", "go"], in: CLITests.expected)
        #expect(result.status == 3)
        #expect(result.standardError.hasPrefix("error: eventless-loop.scxml: on event 'go': the chart did not settle"))
        #expect(result.standardError.contains("b -> c (eventless)"))
        #expect(result.standardError.contains("c -> b (eventless)"))
        let lines = result.standardOutputText.split(separator: "\n")
        #expect(lines.count == 2)
    }

    @Test func aChartThatSettlesStillExitsWithZero() throws {
        let result = try StatecraftBinary.run(
            ["run", "eventless-loop.scxml", "--events", "stay"], in: CLITests.expected)
        #expect(result.status == 0)
        #expect(result.standardError == "")
    }
    @Test func theRunStopsAtTheFirstMacrostepThatDoesNotSettle() throws {
        // Before, the run went on: every `done.invoke` event started the same loop again, up to the bound.
        let result = try StatecraftBinary.run(
            ["run", "invoke-reentry.scxml", "--event-limit", "3", "--events", "a b"], in: CLITests.expected)
        #expect(result.status == 3)
        #expect(result.standardError.hasPrefix("error: invoke-reentry.scxml: while starting: the chart did not settle"))
        #expect(result.standardError.contains("s0 -> s0 (*)"))
        #expect(result.standardOutputText.split(separator: "\n").count == 1)
    }
}
