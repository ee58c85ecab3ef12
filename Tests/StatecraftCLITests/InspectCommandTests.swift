import Foundation
import Testing

/// `statecraft inspect`: finding the inspector's server (built by the separate Inspector/ package) and
/// handing it the file and options; exit 2 with directions when there is none.
@Suite("statecraft inspect")
struct InspectCommandTests {
    static let expected = CLITests.expected

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inspect-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// An environment in which no server can be found: no setting, a PATH without one, and (with the
    /// command run in a temporary directory) no checkout around.
    static let noServer = ["STATECRAFT_INSPECTOR": "", "PATH": "/usr/bin:/bin"]

    @Test func withoutTheServerItExitsWith2AndSaysHowToBuildIt() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let machine = Self.expected.appendingPathComponent("microwave.scxml").path
        let result = try StatecraftBinary.run(["inspect", machine], in: directory, environment: Self.noServer)
        #expect(result.status == 2)
        #expect(result.standardOutputText == "")
        #expect(result.standardError.hasPrefix("error: the inspector's server (statecraft-inspector) was not found"))
        #expect(
            result.standardError.contains(
                "swift build -c release --package-path Inspector --product statecraft-inspector"))
        #expect(result.standardError.contains("STATECRAFT_INSPECTOR"))
    }

    @Test func aSettingThatIsNotAnExecutableIsReported() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("nowhere/statecraft-inspector").path
        let result = try StatecraftBinary.run(
            ["inspect", "microwave.scxml"], in: Self.expected, environment: ["STATECRAFT_INSPECTOR": missing])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: STATECRAFT_INSPECTOR is set to \(missing), which is not an executable file\n")
    }

    /// A stand-in server: prints its arguments and what it read, and exits with the status in its input.
    static func fakeServer(named name: String = "statecraft-inspector", in directory: URL) throws -> URL {
        let script = directory.appendingPathComponent(name)
        try """
        #!/bin/sh
        echo "server: $*"
        read -r status
        echo "read: $status"
        exit "$status"
        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    @Test func theServerGetsTheFileAndOptionsAndItsStatusIsTheCommands() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try Self.fakeServer(in: directory)
        let result = try StatecraftBinary.run(
            ["inspect", "microwave.scxml", "--port", "8123", "--title", "Oven"], in: Self.expected,
            environment: ["STATECRAFT_INSPECTOR": server.path], input: "3\n")
        #expect(result.status == 3)
        #expect(
            result.standardOutputText == """
                server: microwave.scxml --host 127.0.0.1 --port 8123 --max-configurations 10000 --title Oven
                read: 3

                """)
    }

    @Test func theServerIsFoundOnPath() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Self.fakeServer(in: directory)
        let result = try StatecraftBinary.run(
            ["inspect", "microwave.scxml"], in: Self.expected,
            environment: ["STATECRAFT_INSPECTOR": "", "PATH": "\(directory.path):/usr/bin:/bin"], input: "0\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutputText.hasPrefix("server: microwave.scxml --host 127.0.0.1 --port 0"))
    }

    @Test func aWrongPortIsAUsageError() throws {
        let result = try StatecraftBinary.run(["inspect", "microwave.scxml", "--port", "70000"], in: Self.expected)
        #expect(result.status == 64)
        #expect(result.standardError.contains("--port must be between 0 and 65535"))
    }
}
