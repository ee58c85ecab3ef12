import Foundation
import Testing

/// `statecraft paths`: every printed sequence, run through `statecraft run`, reaches the states or takes
/// the transitions it claims.
@Suite("statecraft paths")
struct PathsCommandTests {
    static let expected = CLITests.expected
    static let charts = ["analysis-door.scxml", "analysis-player.scxml", "analysis-flawed.scxml"]

    /// One line of `statecraft run` output.
    struct Macrostep: Decodable {
        let event: String?
        let exited: [String]
        let entered: [String]
        let configuration: [String]
    }

    struct Taken: Decodable {
        let source: String
        let event: String?
        let targets: [String]
    }

    struct Printed: Decodable {
        let events: [String]
        let reaches: [String]?
        let takes: [Taken]?
    }

    /// Runs `events` through `statecraft run` and returns its macrosteps.
    static func run(_ file: String, _ events: String) throws -> [Macrostep] {
        let result = try StatecraftBinary.run(["run", file, "--events", events], in: expected)
        #expect(result.status == 0, "run \(file) --events \"\(events)\": \(result.standardError)")
        return try result.standardOutputText.split(separator: "\n").map {
            try JSONDecoder().decode(Macrostep.self, from: Data($0.utf8))
        }
    }

    /// The plain lines and the `--json` sequences of `paths arguments`; checks that they agree.
    static func paths(_ arguments: [String]) throws -> [Printed] {
        let plain = try StatecraftBinary.run(["paths"] + arguments, in: expected)
        #expect(plain.status == 0, "\(plain.standardError)")
        let json = try StatecraftBinary.run(["paths"] + arguments + ["--json"], in: expected)
        let printed = try JSONDecoder().decode([Printed].self, from: json.standardOutput)
        #expect(
            plain.standardOutputText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .map(String.init) == printed.map { $0.events.joined(separator: " ") })
        return printed
    }

    @Test("Each state path reaches its states", arguments: charts)
    func statePaths(_ file: String) throws {
        for path in try Self.paths([file]) {
            let steps = try Self.run(file, path.events.joined(separator: " "))
            let last = try #require(steps.last)
            let active = Set(last.configuration).union(last.configuration.isEmpty ? last.entered : [])
            for state in try #require(path.reaches) {
                #expect(active.contains(state), "\(file): \"\(path.events)\" should reach \(state): \(last)")
            }
        }
    }

    @Test("The transition paths together take every transition they claim", arguments: charts)
    func transitionPaths(_ file: String) throws {
        for path in try Self.paths([file, "--cover", "transitions"]) {
            let steps = try Self.run(file, path.events.joined(separator: " "))
            for taken in try #require(path.takes) {
                // A history state's default transition is taken while a step enters the history's parent:
                // the history is never active itself, and some step must enter the default's targets.
                if !steps.contains(where: {
                    $0.configuration.contains(taken.source) || $0.entered.contains(taken.source)
                }) {
                    let found = steps.contains { step in taken.targets.allSatisfy(step.entered.contains) }
                    #expect(found, "\(file): \"\(path.events)\" should take \(taken)")
                    continue
                }
                // A history pseudo-state is never entered itself (the states it restores are), so a target
                // that no macrostep enters must be one; the step must still have left the source.
                let found = steps.indices.dropFirst().contains { index in
                    steps[index - 1].configuration.contains(taken.source) && steps[index].event == taken.event
                        && taken.targets.allSatisfy { target in
                            steps[index].entered.contains(target)
                                || (!steps.contains { $0.entered.contains(target) }
                                    && steps[index].exited.contains(taken.source))
                        }
                }
                #expect(found, "\(file): \"\(path.events)\" should take \(taken)")
            }
        }
    }

    @Test func toPrintsOneShortestPath() throws {
        let result = try StatecraftBinary.run(["paths", "analysis-player.scxml", "--to", "loud"], in: Self.expected)
        #expect(result.standardOutputText == "power toggle\n")
        let ejected = try StatecraftBinary.run(
            ["paths", "analysis-player.scxml", "--to", "ejected"], in: Self.expected)
        #expect(ejected.standardOutputText == "power play eject\n")
        let unknown = try StatecraftBinary.run(
            ["paths", "analysis-player.scxml", "--to", "nowhere"], in: Self.expected)
        #expect(unknown.status == 1)
        #expect(unknown.standardError == "error: 'nowhere' is not a state of analysis-player.scxml\n")
        let unreachable = try StatecraftBinary.run(
            ["paths", "analysis-flawed.scxml", "--to", "lost"], in: Self.expected)
        #expect(unreachable.status == 1)
    }
}
