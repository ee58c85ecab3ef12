import Foundation
import Testing

/// `statecraft check`: properties over the explored space, counterexamples that `statecraft run` replays.
@Suite("statecraft check")
struct CheckCommandTests {
    static let expected = CLITests.expected

    @Test func aViolatedPropertyPrintsAShortestCounterexampleThatRunReplays() throws {
        let result = try StatecraftBinary.run(
            ["check", "analysis-player.scxml", "--never", "playing & loud"], in: Self.expected)
        #expect(result.status == 1)
        #expect(
            result.standardOutputText == """
                violated: never 'playing' and 'loud' at once: 'playing' and 'loud' are all active after "power play toggle"
                counterexample: power play toggle

                """)
        let run = try StatecraftBinary.run(
            ["run", "analysis-player.scxml", "--events", "power play toggle"], in: Self.expected)
        let last = try #require(run.standardOutputText.split(separator: "\n").last)
        #expect(last.contains(#""configuration": ["loud", "on", "playback", "playing", "volume"]"#))
    }

    @Test func everyFormHoldsOrFailsWithItsExitStatus() throws {
        let holds = try StatecraftBinary.run(
            [
                "check", "analysis-player.scxml", "--never", "paused & ejected", "--after", "pause", "--unreachable",
                "playing", "--without", "play",
            ], in: Self.expected)
        #expect(holds.status == 0)
        #expect(
            holds.standardOutputText == """
                holds: never 'paused' and 'ejected' at once (explored 16 configurations and 45 steps)
                holds: after 'pause', 'playing' is unreachable without 'play' (explored 16 configurations and 45 steps)

                """)
        let stuck = try StatecraftBinary.run(
            ["check", "analysis-flawed.scxml", "--can-always-reach", "idle"], in: Self.expected)
        #expect(stuck.status == 1)
        #expect(stuck.standardOutputText.hasSuffix("counterexample: go\n"))
        let bounded = try StatecraftBinary.run(
            ["check", "analysis-player.scxml", "--can-always-reach", "off", "--max-configurations", "3"],
            in: Self.expected)
        #expect(bounded.status == 3)
    }

    @Test func wrongCommandLinesAndFiles() throws {
        #expect(try StatecraftBinary.run(["check", "analysis-player.scxml"], in: Self.expected).status == 64)
        #expect(
            try StatecraftBinary.run(["check", "analysis-player.scxml", "--never", "a &"], in: Self.expected).status
                == 64)
        let unknown = try StatecraftBinary.run(
            ["check", "analysis-player.scxml", "--never", "nowhere & on"], in: Self.expected)
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("no state 'nowhere'"))
        #expect(
            try StatecraftBinary.run(["check", "malformed.scxml", "--never", "a & b"], in: Self.expected).status == 2)
    }
}
