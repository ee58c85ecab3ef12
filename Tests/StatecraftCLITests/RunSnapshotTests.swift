import Foundation
import Testing

/// `statecraft run --save-snapshot` / `--restore`: splitting an input in two runs, at any item (pauses
/// included), prints exactly the macrosteps of one run; a snapshot of another chart exits 2 naming what
/// differs. Runs the built binary.
@Suite("statecraft run snapshots")
struct RunSnapshotTests {
    static let expected = CLITests.expected

    static let cases: [(file: String, input: [String])] = [
        ("kettle.scxml", ["fill", "switch.on", "+90s", "pour", "close"]),
        ("kettle.scxml", ["fill", "switch.on", "+30s", "switch.off", "fill", "switch.on", "+89s", "+1s", "pour"]),
        ("metronome.scxml", ["start", "+1500ms", "faster", "stop", "+3s", "start", "+1s", "+500ms", "faster", "+2s"]),
        ("metronome.scxml", ["faster", "start", "+1s", "stop", "start", "+700ms", "+800ms", "+1s"]),
    ]

    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-snapshot-\(UUID().uuidString).json")
    }

    @Test(arguments: 0..<cases.count)
    func splittingTheInputAnywherePrintsTheMacrostepsOfOneRun(caseIndex: Int) throws {
        let (file, input) = Self.cases[caseIndex]
        let whole = try StatecraftBinary.run(
            ["run", file, "--events", input.joined(separator: " ")], in: Self.expected)
        #expect(whole.status == 0)
        for cut in 0...input.count {
            let snapshot = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: snapshot) }
            let first = try StatecraftBinary.run(
                ["run", file, "--events", input[..<cut].joined(separator: " "), "--save-snapshot", snapshot.path],
                in: Self.expected)
            let second = try StatecraftBinary.run(
                ["run", file, "--restore", snapshot.path, "--events", input[cut...].joined(separator: " ")],
                in: Self.expected)
            #expect(
                first.status == 0 && second.status == 0,
                "\(file) cut at \(cut): \(first.standardError)\(second.standardError)")
            #expect(
                first.standardOutputText + second.standardOutputText == whole.standardOutputText,
                "\(file) cut at \(cut)")
        }
    }

    @Test func theSnapshotHoldsTheDataModelAndTheWaitingTimersWithTheirRemainingTime() throws {
        let snapshot = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: snapshot) }
        let run = try StatecraftBinary.run(
            ["run", "metronome.scxml", "--events", "faster start +1500ms", "--save-snapshot", snapshot.path],
            in: Self.expected)
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: snapshot)) as? [String: Any])
        let chart = try #require(json["chart"] as? [String: Any])
        let context = try #require(chart["context"] as? [String: Any])
        let variables = try #require(context["variables"] as? [String: [String: Any]])
        #expect(variables["ticks"]?["number"] as? Double == 1)
        #expect(variables["tempo"]?["string"] as? String == "fast")
        #expect(chart["configuration"] as? [String] == ["running", "slow"])
        let delayed = try #require(chart["delayedEvents"] as? [[String: Any]])
        #expect(delayed.map { $0["remainingNanoseconds"] as? Int } == [500_000_000, 1_000_000_000])
        #expect(delayed.map { $0["id"] as? String } == ["tick", nil])
    }

    @Test func aSnapshotOfAnotherChartExitsWithStatus2NamingTheDifference() throws {
        let snapshot = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: snapshot) }
        let saved = try StatecraftBinary.run(
            ["run", "kettle.scxml", "--events", "fill", "--save-snapshot", snapshot.path], in: Self.expected)
        #expect(saved.status == 0)
        let restored = try StatecraftBinary.run(
            ["run", "metronome.scxml", "--restore", snapshot.path, "--events", "start"], in: Self.expected)
        #expect(restored.status == 2)
        #expect(restored.standardOutputText == "")
        #expect(restored.standardError.contains("the snapshot was taken from another chart"))
        #expect(restored.standardError.contains("the snapshot's chart has state \"heating\", this chart does not"))
        #expect(restored.standardError.contains("this chart has state \"running\", the snapshot's chart did not"))
    }

    @Test func aSnapshotWhileAnInvokedSessionRunsIsRefusedWithStatus2() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "statecraft-invoke-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="s0">
              <state id="s0">
                <invoke id="kid"><content><scxml version="1.0"><state id="c0"/></scxml></content></invoke>
                <transition event="go" target="s1"/>
              </state>
              <state id="s1"/>
            </scxml>
            """
        try document.write(to: directory.appendingPathComponent("parent.scxml"), atomically: true, encoding: .utf8)
        let refused = try StatecraftBinary.run(
            ["run", "parent.scxml", "--events", "", "--save-snapshot", "saved.json"], in: directory)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("cannot save a snapshot"))
        #expect(refused.standardError.contains("kid"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("saved.json").path))
        let saved = try StatecraftBinary.run(
            ["run", "parent.scxml", "--events", "go", "--save-snapshot", "saved.json"], in: directory)
        #expect(saved.status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("saved.json").path))
    }

    @Test func unreadableSnapshotsExitWithStatus2() throws {
        let missing = try StatecraftBinary.run(
            ["run", "kettle.scxml", "--restore", "no-such-snapshot.json", "--events", "fill"], in: Self.expected)
        #expect(missing.status == 2)
        #expect(missing.standardError.hasPrefix("error: no-such-snapshot.json: cannot read the file"))
        let notASnapshot = try StatecraftBinary.run(
            ["run", "kettle.scxml", "--restore", "malformed.json", "--events", "fill"], in: Self.expected)
        #expect(notASnapshot.status == 2)
        #expect(notASnapshot.standardError.hasPrefix("error: malformed.json: not a statecraft run snapshot"))
    }
}
