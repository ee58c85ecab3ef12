import Foundation
import StatecraftTestSupport
import Testing

/// `statecraft run`: the built binary's JSON lines, exit statuses and messages, compared with the files
/// in `Expected/` (`STATECRAFT_RECORD_GOLDEN=1` re-records them).
@Suite("statecraft run")
struct RunCommandTests {
    static let expected = CLITests.expected

    @Test func printsOneLinePerMacrostepWithEventsFromTheCommandLine() throws {
        let result = try StatecraftBinary.run(
            ["run", "kettle.scxml", "--events", "fill switch.on +90s pour close"], in: Self.expected)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        try CLITests.check(result.standardOutputText, "kettle.run.jsonl")
    }

    @Test func readsEventsFromStandardInputOnePerLine() throws {
        let result = try StatecraftBinary.run(
            ["run", "kettle.scxml"], in: Self.expected, input: "fill\n\n  switch.on  \n+90s\npour\nclose\n")
        #expect(result.status == 0)
        try CLITests.check(result.standardOutputText, "kettle.run.jsonl")
    }

    @Test func theFirstLineIsTheInitialMacrostepAndLinesFollowTheFormat() throws {
        let result = try StatecraftBinary.run(["run", "kettle.scxml", "--events", "fill"], in: Self.expected)
        let lines = result.standardOutputText.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"event": null, "exited": [], "entered": ["idle"], "configuration": ["idle"]}"#,
                #"{"event": "fill", "exited": ["idle"], "entered": ["idle"], "configuration": ["idle"]}"#,
            ])
        // Each line is a JSON object with exactly the four documented keys.
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["event", "exited", "entered", "configuration"])
        }
    }

    @Test func cancelledTimerAndUnhandledEventsStillPrintLines() throws {
        let result = try StatecraftBinary.run(
            ["run", "kettle.scxml", "--events", "switch.on fill switch.on switch.off"], in: Self.expected)
        #expect(result.status == 0)
        // `switch.on` with no cups is handled by nobody: a line without exits or entries. The cancelled
        // `boiled` never fires.
        try CLITests.check(result.standardOutputText, "kettle-cancelled.run.jsonl")
    }

    @Test(.needsConformanceSuite) func delayedEventsFireInTimeOrderOnceTheInputIsConsumed() throws {
        let conformance = ConformanceSuite.w3c
        let result = try StatecraftBinary.run(["run", "test185.scxml"], in: conformance)
        #expect(result.status == 0)
        #expect(
            result.standardOutputText == """
                {"event": null, "exited": [], "entered": ["s0"], "configuration": ["s0"]}
                {"event": "event1", "exited": ["s0"], "entered": ["s1"], "configuration": ["s1"]}
                {"event": "event2", "exited": ["s1"], "entered": ["pass"], "configuration": ["pass"]}

                """)
    }

    @Test(.needsConformanceSuite) func logOutputGoesToStandardErrorOnRequest() throws {
        let conformance = ConformanceSuite.w3c
        let result = try StatecraftBinary.run(["run", "test144.scxml", "--log"], in: conformance)
        #expect(result.status == 0)
        #expect(result.standardError == "log: Outcome: pass\n")
    }

    /// An invoked session's `<log>` output names its invoke id (W3C test 250: the cancelled child's `<onexit>`).
    @Test(.needsConformanceSuite) func logOutputOfAnInvokedSessionNamesIt() throws {
        let conformance = ConformanceSuite.w3cFull
        let result = try StatecraftBinary.run(["run", "test250.scxml", "--log"], in: conformance)
        #expect(result.status == 0)
        #expect(result.standardError == "log: [s0.invoke0] Exiting sub01\nlog: [s0.invoke0] Exiting sub0\n")
    }

    /// `<invoke>` is an error at run time (SCXML 1.0 §6.4): a child document that cannot be read raises
    /// `error.execution` naming the `<invoke>`'s line and the file, and the run goes on.
    @Test func anInvokeWhoseSourceIsMissingRaisesErrorExecution() throws {
        let result = try StatecraftBinary.run(["run", "invoke.scxml", "--events", "go", "--log"], in: Self.expected)
        #expect(result.status == 0)
        #expect(
            result.standardError.hasPrefix(
                "error.execution: error.execution in entry of state 'a': invoke.scxml:4:5: "
                    + "<invoke> cannot load 'child.scxml': "))
    }

    @Test(arguments: ["malformed.scxml", "broken.scxml"])
    func malformedChartsExitWithStatus2NamingFileAndLine(file: String) throws {
        let result = try StatecraftBinary.run(["run", file, "--events", "go"], in: Self.expected)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        let stderrFile = file == "malformed.scxml" ? "malformed.scxml.stderr" : "\(file).run.stderr"
        try CLITests.check(result.standardError, stderrFile)
    }

    @Test func missingAndNonSCXMLFilesExitWithStatus2() throws {
        let missing = try StatecraftBinary.run(["run", "missing.scxml"], in: Self.expected)
        #expect(missing.status == 2)
        #expect(missing.standardError == "error: missing.scxml: no such file\n")
        let json = try StatecraftBinary.run(["run", "refresh-list.json"], in: Self.expected)
        #expect(json.status == 2)
        #expect(json.standardError == "error: refresh-list.json: not an SCXML file; expected .scxml\n")
    }

    @Test func anInvalidInputLineStopsTheRunWithStatus1() throws {
        let result = try StatecraftBinary.run(
            ["run", "kettle.scxml"], in: Self.expected, input: "fill\nswitch on\nclose\n")
        #expect(result.status == 1)
        #expect(result.standardOutputText.split(separator: "\n").count == 2)
        #expect(
            result.standardError == "error: standard input line 2: 'switch on' is not an event name "
                + "(letters, digits, '.', '_', '-', ':') or a pause such as '+1s'\n")
        let pause = try StatecraftBinary.run(["run", "kettle.scxml", "--events", "fill +soon"], in: Self.expected)
        #expect(pause.status == 1)
        #expect(pause.standardError.hasPrefix("error: --events item 2: '+soon' is not a pause"))
    }

    @Test func helpDescribesTheOutputAndTheExitStatus() throws {
        let result = try StatecraftBinary.run(["run", "--help"], in: Self.expected)
        #expect(result.status == 0)
        #expect(result.standardOutputText.contains("EXIT STATUS:"))
        #expect(result.standardOutputText.contains(#"statecraft run door.scxml --events "open close lock""#))
        let root = try StatecraftBinary.run(["--help"], in: Self.expected)
        #expect(root.standardOutputText.contains("run"))
    }

    @Test func commandLineMistakesAreUsageErrors() throws {
        let noFile = try StatecraftBinary.run(["run"], in: Self.expected)
        #expect(noFile.status == 64)
        let negative = try StatecraftBinary.run(
            ["run", "kettle.scxml", "--event-limit", "-1"], in: Self.expected)
        #expect(negative.status == 64)
    }

    @Test func anOpaqueGuardIsRefusedNamingItAndItsLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="cart">
              <state id="cart">
                <transition event="checkout" cond="statecraft.guard('hasItems')" target="paying"/>
              </state>
              <state id="paying"/>
            </scxml>
            """
        try Data(document.utf8).write(to: directory.appendingPathComponent("shop.scxml"))
        let result = try StatecraftBinary.run(["run", "shop.scxml", "--events", "checkout"], in: directory)
        #expect(result.status == 2)
        #expect(result.standardOutputText == "")
        #expect(result.standardError.hasPrefix("error: shop.scxml:3:"), "\(result.standardError)")
        #expect(result.standardError.contains("statecraft.guard('hasItems')"), "\(result.standardError)")
    }
}
