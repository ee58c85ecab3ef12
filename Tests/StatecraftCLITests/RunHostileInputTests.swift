import Foundation
import Testing

/// `statecraft run` on hostile sessions and snapshots (issue 40): time that outgrows a snapshot, snapshots
/// that are not states the chart can be in, counters at their limit, a document invoking itself, input
/// the run never reached. Each ends with a status and a message naming the problem. Runs the built binary.
@Suite("statecraft run: hostile sessions and snapshots")
struct RunHostileInputTests {
    static let counter = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="main">
          <datamodel><data id="count" expr="0"/><data id="id"/></datamodel>
          <state id="main" initial="a">
            <state id="a"><transition event="next" target="b"/></state>
            <state id="b"><onentry><send event="tick" idlocation="id" delay="1s"/></onentry></state>
          </state>
          <parallel id="both"><state id="left"/><state id="right"/></parallel>
        </scxml>
        """

    /// A temporary directory holding `files`, removed by the caller.
    static func directory(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    /// Saves a snapshot of `counter.scxml` in `a`, edits its JSON with `edit`, and restores it.
    static func restoreEdited(_ edit: (inout [String: Any]) -> Void) throws -> StatecraftBinary.Result {
        let directory = try directory(["counter.scxml": counter])
        defer { try? FileManager.default.removeItem(at: directory) }
        let saved = try StatecraftBinary.run(
            ["run", "counter.scxml", "--events", "", "--save-snapshot", "saved.json"], in: directory)
        #expect(saved.status == 0, "\(saved.standardError)")
        let file = directory.appendingPathComponent("saved.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        edit(&json)
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        return try StatecraftBinary.run(
            ["run", "counter.scxml", "--restore", "saved.json", "--events", "next"], in: directory)
    }

    /// Edits the snapshot's chart (`configuration`, `context`…).
    static func editChart(_ json: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
        var chart = json["chart"] as? [String: Any] ?? [:]
        edit(&chart)
        json["chart"] = chart
    }

    static func editContext(_ json: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
        editChart(&json) { chart in
            var context = chart["context"] as? [String: Any] ?? [:]
            edit(&context)
            chart["context"] = context
        }
    }

    // MARK: - Item 2

    @Test func pausesBeyondWhatASnapshotHoldsExitWithStatus2() throws {
        let directory = try Self.directory(["counter.scxml": Self.counter])
        defer { try? FileManager.default.removeItem(at: directory) }
        let pauses = Array(repeating: "+1000000000s", count: 10).joined(separator: " ")
        let result = try StatecraftBinary.run(
            ["run", "counter.scxml", "--events", pauses, "--save-snapshot", "saved.json"], in: directory)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: counter.scxml: cannot save a snapshot: the virtual time 10000000000.0 seconds does not fit a snapshot (at most 9223372036854775807 ns, about 292 years)\n"
        )
    }

    // MARK: - Items 4 and 13

    @Test func aSnapshotWithAnIllegalConfigurationExitsWithStatus2NamingTheProblem() throws {
        let cases: [([String], String)] = [
            (["a"], "'a' is active but its parent 'main' is not"),
            (["main", "a", "b"], "compound state 'main' has 2 active children"),
            (["both", "left"], "region 'right' of active parallel state 'both' is not active"),
        ]
        for (configuration, problem) in cases {
            let result = try Self.restoreEdited { json in Self.editChart(&json) { $0["configuration"] = configuration }
            }
            #expect(result.status == 2, "\(configuration)")
            #expect(result.standardError.hasPrefix("error: saved.json: the snapshot's configuration is not legal: "))
            #expect(result.standardError.contains(problem), "\(result.standardError)")
            #expect(result.standardOutputText == "")
        }
    }

    @Test func aSnapshotMissingADeclaredVariableExitsWithStatus2() throws {
        let result = try Self.restoreEdited { json in
            Self.editContext(&json) { context in
                var variables = context["variables"] as? [String: Any] ?? [:]
                variables["count"] = nil
                context["variables"] = variables
            }
        }
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: saved.json: the snapshot does not fit the document: the data model has no variable 'count', which the document declares\n"
        )
    }

    // MARK: - Item 5

    @Test func aSendIDCounterAtIntMaxExitsWithStatus2() throws {
        let result = try Self.restoreEdited { json in
            Self.editContext(&json) { $0["generatedSendIDs"] = Int.max }
        }
        #expect(result.status == 2)
        #expect(
            result.standardError.contains("generatedSendIDs is 9223372036854775807, outside 0...9223372036854775806"))
    }

    @Test func aSnapshotFileThatNeverEndsExitsWithStatus2() throws {
        let directory = try Self.directory(["counter.scxml": Self.counter])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try StatecraftBinary.run(["run", "counter.scxml", "--restore", "/dev/zero"], in: directory)
        #expect(result.status == 2)
        #expect(result.standardError == "error: /dev/zero: the file is larger than 67108864 bytes\n")
    }

    // MARK: - Item 3

    @Test func aDocumentInvokingItselfStopsAtTheInvocationDepthLimit() throws {
        let directory = try Self.directory([
            "itself.scxml": """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
              <state id="s">
                <invoke type="scxml" src="itself.scxml"/>
                <transition event="error.execution"><log label="refused" expr="_event.data"/></transition>
              </state>
            </scxml>
            """
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try StatecraftBinary.run(["run", "itself.scxml", "--log", "--events", ""], in: directory)
        #expect(result.status == 0)
        #expect(
            result.standardError.contains("<invoke> would nest sessions more than 16 deep"), "\(result.standardError)")
    }

    // MARK: - Item 14

    static let sender = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="idle">
          <state id="idle"><transition event="go" target="busy"/></state>
          <state id="busy">
            <onentry><send event="loop"/></onentry>
            <transition event="loop" target="busy"/>
            <transition event="stop" target="done"/>
          </state>
          <final id="done"/>
        </scxml>
        """

    @Test func inputLeftWhenTheEventLimitStopsTheRunExitsWithStatus4() throws {
        let directory = try Self.directory(["sender.scxml": Self.sender])
        defer { try? FileManager.default.removeItem(at: directory) }
        let events = try StatecraftBinary.run(
            ["run", "sender.scxml", "--event-limit", "5", "--events", "go stop stop"], in: directory)
        #expect(events.status == 4)
        #expect(
            events.standardError
                == "error: sender.scxml: the chart sent itself 5 events (--event-limit) after --events item 1: 'go'; 2 input items were not processed, starting with --events item 2: 'stop'\n"
        )
        #expect(events.standardOutputText.split(separator: "\n").count == 7)
        let standardInput = try StatecraftBinary.run(
            ["run", "sender.scxml", "--event-limit", "5"], in: directory, input: "go\nstop\n")
        #expect(standardInput.status == 4)
        #expect(
            standardInput.standardError
                == "error: sender.scxml: the chart sent itself 5 events (--event-limit) after standard input line 1: 'go'; the rest of the input was not processed, starting with standard input line 2: 'stop'\n"
        )
    }

    @Test func theEventLimitAfterTheLastInputItemStillExitsWithZeroAndANote() throws {
        let directory = try Self.directory(["sender.scxml": Self.sender])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try StatecraftBinary.run(
            ["run", "sender.scxml", "--event-limit", "5", "--events", "go"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardError == "note: stopped after the chart sent itself 5 events (--event-limit)\n")
    }
}
