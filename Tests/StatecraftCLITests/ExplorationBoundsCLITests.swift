import Foundation
import StatecraftTestSupport
import Testing

/// The analysis commands on charts whose exploration cannot finish: each stops at a bound, says so first
/// on standard error and exits 3 (issue 36 point 2, issue 40 point 11).
@Suite("statecraft: exploration bounds")
struct ExplorationBoundsCLITests {
    /// A chart whose `count` grows without bound while `label` stays put.
    static let counter = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="counter" datamodel="ecmascript">
          <datamodel><data id="count" expr="0"/><data id="label" expr="'x'"/></datamodel>
          <state id="counting">
            <transition event="increment"><assign location="count" expr="count + 1"/></transition>
            <transition event="finish" target="end"/>
          </state>
          <final id="end"/>
        </scxml>

        """

    /// `regions` parallel toggles (``HostileCharts/parallelToggles(_:)``).
    static func toggles(_ regions: Int) -> String { HostileCharts.parallelToggles(regions) }

    /// A temporary directory holding `counter.scxml` and `toggles.scxml` (1,000 regions).
    static func directory() throws -> URL {
        let directory = try HostileInputCLITests.directory()
        try Data(counter.utf8).write(to: directory.appendingPathComponent("counter.scxml"))
        try Data(toggles(1_000).utf8).write(to: directory.appendingPathComponent("toggles.scxml"))
        return directory
    }

    @Test(arguments: [
        ["validate", "counter.scxml"], ["paths", "counter.scxml"],
        ["paths", "counter.scxml", "--cover", "transitions"],
        ["check", "counter.scxml", "--can-always-reach", "end"], ["visualize", "counter.scxml", "-o", "counter.html"],
    ])
    func anIncompleteExplorationExitsThreeNamingTheBoundAndTheVaryingData(arguments: [String]) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try StatecraftBinary.run(arguments + ["--max-configurations", "40"], in: directory)
        #expect(result.status == 3, "\(result.standardError)")
        #expect(
            result.standardError.hasPrefix(
                "warning: counter.scxml: exploration is incomplete: explored 40 configurations"))
        #expect(
            result.standardError.contains("stopped at the bound maxConfigurations = 40; the values of 'count' differ"))
        #expect(!result.standardError.contains("'label'"))
        #expect(result.standardError.contains("(--max-configurations)"))
    }

    @Test func validateJSONSaysWhyTheSpaceIsPartial() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try StatecraftBinary.run(
            ["validate", "counter.scxml", "--json", "--max-configurations", "40"], in: directory)
        #expect(result.status == 3)
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(object["complete"] as? Bool == false)
        let incomplete = try #require(object["incomplete"] as? [String: Any])
        #expect(incomplete["bound"] as? String == "maxConfigurations")
        #expect(incomplete["varyingData"] as? [String] == ["count"])
    }

    @Test func aPathFoundInAPartialSpaceIsAnAnswer() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let found = try StatecraftBinary.run(
            ["paths", "counter.scxml", "--to", "end", "--max-configurations", "40"], in: directory)
        #expect(found.status == 0)
        #expect(found.standardOutputText == "finish\n")
        let notFound = try StatecraftBinary.run(
            ["paths", "counter.scxml", "--to", "end", "--max-depth", "0"], in: directory)
        #expect(notFound.status == 3)
        #expect(notFound.standardError.contains("no explored event sequence reaches 'end'"))
    }

    @Test func theDefaultPageOfAnEndlessCounterIsSmallAndSaysItWasCut() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try StatecraftBinary.run(["visualize", "counter.scxml", "-o", "counter.html"], in: directory)
        #expect(result.status == 3)
        #expect(result.standardError.contains("stopped at the bound maxConfigurations = 2000"))
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("counter.html").path)[
                .size] as? Int)
        #expect(size < 5_000_000, "the page has \(size) bytes")
    }

    @Test func anUnknownEventOfCheckIsRejectedWithTheKnownEvents() throws {
        let result = try StatecraftBinary.run(
            ["check", "analysis-player.scxml", "--after", "bogusEvent", "--unreachable", "playing"],
            in: CLITests.expected)
        #expect(result.status == 64)
        #expect(
            result.standardError
                == "error: --after 'bogusEvent': no transition of analysis-player.scxml listens to this event; "
                + "the events are: power, play, pause, eject, toggle\n")
        #expect(result.standardOutputText == "")
        let without = try StatecraftBinary.run(
            ["check", "analysis-player.scxml", "--after", "pause", "--unreachable", "playing", "--without", "nope"],
            in: CLITests.expected)
        #expect(without.status == 64)
        #expect(without.standardError.hasPrefix("error: --without 'nope':"))
    }

    /// Every analysis command on 2^1000 configurations returns, bounded in work, with status 3: the
    /// explorers at `--max-work` (set below the default so that the test stays quick in a debug build, and
    /// the time bound far off so that it cannot decide), `visualize` at once, before exploring, since the
    /// page could not be drawn. The ceiling only tells a hang from an answer; the bound and the work
    /// reported are what is checked.
    @Test(arguments: [
        ["validate", "toggles.scxml"], ["paths", "toggles.scxml"],
        ["check", "toggles.scxml", "--can-always-reach", "t0_on"],
    ])
    func aThousandParallelTogglesStopAtTheWorkBound(arguments: [String]) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let command =
            (["exec \"$STATECRAFT\""] + arguments + ["--max-work", "2000000", "--max-seconds", "600"])
            .joined(separator: " ") + " >/dev/null"
        let started = ContinuousClock.now
        let result = try HostileInputCLITests.shell(command, in: directory, timeout: 300)
        #expect(!result.timedOut)
        #expect(result.status == 3, "\(result.standardError)")
        #expect(result.standardError.contains("stopped at the bound maxWork = 2000000;"), "\(result.standardError)")
        // Each step costs 1 + 2,001 + 2,001: the work ends within one step past the bound.
        let work = try #require(
            result.standardError.firstMatch(of: /\(work (\d+)\)/).flatMap { Int($0.output.1) })
        #expect(work >= 2_000_000 && work < 2_000_000 + 4_003)
        print("statecraft \(arguments.joined(separator: " ")): \(ContinuousClock.now - started)")
    }

    @Test func aThousandParallelTogglesAreTooLargeToDraw() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let started = ContinuousClock.now
        let result = try HostileInputCLITests.shell(
            "exec \"$STATECRAFT\" visualize toggles.scxml -o toggles.html", in: directory, timeout: 300)
        #expect(result.status == 3, "\(result.standardError)")
        #expect(
            result.standardError.hasPrefix(
                "error: toggles.scxml: the chart has 3001 states, 1001 of them with children; a page draws at most"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("toggles.html").path))
        print("statecraft visualize toggles.scxml: \(ContinuousClock.now - started)")
    }
}
