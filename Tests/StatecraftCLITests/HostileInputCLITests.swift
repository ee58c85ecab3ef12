import Foundation
import Testing

/// The built binary on hostile input and hostile output (issue 17): crashes, traps and node replacement
/// become exit statuses and messages.
@Suite("statecraft: hostile input and output")
struct HostileInputCLITests {
    static let root = #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">"#

    struct ShellResult {
        let status: Int32
        let timedOut: Bool
        let standardError: String
    }

    /// Runs `script` with `sh -c` in `directory`, `$STATECRAFT` naming the binary; the process is killed
    /// after `timeout` seconds so that a regression cannot hang the test run (start the script with `exec`
    /// so that the process killed is the binary itself).
    static func shell(_ script: String, in directory: URL, timeout: Double = 120) throws -> ShellResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["STATECRAFT": try StatecraftBinary.location().path]) { $1 }
        // Standard error goes to a file, not a pipe: a pipe read only after the exit would block a process
        // that writes more than the pipe holds (`--log` of a looping chart writes 10,000 lines).
        let errorsURL = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-stderr-\(UUID())")
        _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorsURL) }
        let errors = try FileHandle(forWritingTo: errorsURL)
        defer { try? errors.close() }
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            finished.signal()
        }
        let timedOut = finished.wait(timeout: .now() + timeout) == .timedOut
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let errorText = String(decoding: (try? Data(contentsOf: errorsURL)) ?? Data(), as: UTF8.self)
        return ShellResult(status: process.terminationStatus, timedOut: timedOut, standardError: errorText)
    }

    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-hostile-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(
            (root + "<state id=\"a\"><transition event=\"go\" target=\"b\"/></state><final id=\"b\"/></scxml>\n")
                .utf8
        ).write(to: url.appendingPathComponent("small.scxml"))
        return url
    }

    // MARK: Input that crashed the process

    @Test(
        arguments: [
            ("utf32.scxml", Array("<?xml version=\"1.0\" encoding=\"UTF-32\"?>\n<scxml/>".utf8), "UTF-32"),
            (
                "sjis.scxml",
                Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<scxml id=\"".utf8) + [0x81, 0x20]
                    + Array("\"/>".utf8), "Shift_JIS"
            ),
            (
                "iso2022.scxml",
                Array("<?xml version=\"1.0\" encoding=\"ISO-2022-JP\"?>\n<scxml a=\"".utf8)
                    + [0x1B, 0x24, 0x42, 0xFF] + Array("\"/>".utf8), "ISO-2022-JP"
            ),
            ("zeros.scxml", [0x00, 0x00, 0x00, 0x3C] + Array("scxml/>".utf8), "UTF-32 (big-endian)"),
        ] as [(String, [UInt8], String)])
    func encodingsExitTwoNamingTheEncoding(file: String, bytes: [UInt8], encoding: String) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(bytes).write(to: directory.appendingPathComponent(file))
        for command in ["diagram", "run"] {
            let result = try Self.shell("\"$STATECRAFT\" \(command) \(file) </dev/null >/dev/null", in: directory)
            #expect(result.status == 2, "\(command) \(file): \(result.standardError)")
            #expect(result.standardError.hasPrefix("error: \(file):1:1: the document is encoded in \(encoding);"))
        }
    }

    @Test func anEmptyProcessingInstructionIsSkipped() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(("<?pi?>\n" + Self.root + "<state id=\"a\"/></scxml>").utf8)
            .write(to: directory.appendingPathComponent("pi.scxml"))
        let result = try Self.shell("\"$STATECRAFT\" diagram pi.scxml >/dev/null", in: directory)
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test func deepNestingExitsTwoNamingTheLimitAndTheLine() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text =
            Self.root + "\n" + (0..<4_000).map { "<state id=\"s\($0)\">\n" }.joined()
            + String(repeating: "</state>", count: 4_000) + "</scxml>"
        try Data(text.utf8).write(to: directory.appendingPathComponent("deep.scxml"))
        let result = try Self.shell("\"$STATECRAFT\" run deep.scxml --events '' >/dev/null", in: directory)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("error: deep.scxml:257:1: the document exceeds the nesting depth limit"))
    }

    /// The importer's side of the engine's loop bound: an eventless transition whose `cond` throws raises
    /// `error.execution` after every microstep. Run through the binary with a time limit, so that the run
    /// fails instead of hanging until the engine bounds the macrostep.
    @Test func anEventlessTransitionWithAThrowingConditionEndsWithAnError() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(
            (Self.root + "\n<state id=\"a\"><transition cond=\"typo == 0\" target=\"b\"/></state>\n"
                + "<state id=\"b\"/></scxml>\n").utf8
        ).write(to: directory.appendingPathComponent("typo.scxml"))
        let result = try Self.shell(
            "exec \"$STATECRAFT\" run typo.scxml --log --events go >/dev/null", in: directory,
            timeout: 60)
        #expect(!result.timedOut, "statecraft run did not stop within 60 s (the chart step does not bound the loop)")
        #expect(result.status != 0)
        #expect(result.standardError.contains("typo"))
    }

    @Test func aHugeFileIsRefusedWithoutReadingItAll() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.shell("ln -s /dev/zero zero.scxml && \"$STATECRAFT\" diagram zero.scxml", in: directory)
        #expect(result.status == 2)
        #expect(result.standardError.contains("larger than the limit of 67108864 bytes"))
    }

    // MARK: Arguments

    @Test func theLargestEventLimitIsAccepted() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.shell(
            "\"$STATECRAFT\" run small.scxml --events go --event-limit 9223372036854775807 >/dev/null", in: directory)
        #expect(result.status == 0, "\(result.standardError)")
    }

    // MARK: Standard output

    @Test(arguments: ["diagram small.scxml", "run small.scxml --events go", "diagram small.scxml --format scxml"])
    func aFullStandardOutputExitsOneWithAMessage(arguments: String) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.shell("\"$STATECRAFT\" \(arguments) >/dev/full", in: directory)
        #expect(result.status == 1)
        #expect(result.standardError == "error: cannot write to standard output: No space left on device\n")
    }

    @Test func aClosedStandardOutputExitsOneWithAMessage() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.shell("\"$STATECRAFT\" diagram small.scxml >&-", in: directory)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: cannot write to standard output:"))
    }

    // MARK: -o PATH

    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test(arguments: ["out.dot", "out.scxml"])
    func aRegularFileKeepsItsPermissions(output: String) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(output).path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        let result = try Self.shell("\"$STATECRAFT\" diagram small.scxml -o \(output)", in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try Self.mode(path) == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) != "old")
    }

    @Test(arguments: ["out.dot", "out.scxml"])
    func aSymbolicLinkIsWrittenThrough(output: String) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("target.txt").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)
        let link = directory.appendingPathComponent(output).path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.txt")
        let result = try Self.shell("\"$STATECRAFT\" diagram small.scxml -o \(output)", in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.txt")
        #expect(try Self.mode(target) == 0o640)
        #expect(
            try String(contentsOfFile: target, encoding: .utf8).hasPrefix(output.hasSuffix("dot") ? "digraph" : "<?xml")
        )
    }

    /// Devices take the same path as FIFOs (`open` and `write`, never `rename`); they are not tested here
    /// because a regression would replace `/dev/null` or `/dev/full` when the tests run as root.
    @Test func aFIFOIsWrittenToNotReplaced() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.shell(
            """
            mkfifo out.dot && (cat out.dot > received.txt &) && "$STATECRAFT" diagram small.scxml -o out.dot \
            && sleep 1 && test -p out.dot && grep -q digraph received.txt
            """, in: directory)
        #expect(result.status == 0, "\(result.standardError)")
    }
}
