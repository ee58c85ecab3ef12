import Foundation
import Testing

/// `statecraft serve`: finding `statecraft-serve` (built by the separate Server/ package) and handing it
/// the arguments as given; exit 2 with directions when there is none.
@Suite("statecraft serve")
struct ServeCommandTests {
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func withoutTheServerItExitsWith2AndSaysHowToBuildIt() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try StatecraftBinary.run(
            ["serve", "order.scxml", "--store", "sqlite:m.sqlite"], in: directory,
            environment: ["STATECRAFT_SERVE": "", "PATH": "/usr/bin:/bin"])
        #expect(result.status == 2)
        #expect(result.standardOutputText == "")
        #expect(
            result.standardError
                == "error: statecraft-serve was not found beside statecraft or on PATH: build it with "
                + "`swift build --package-path Server`\n")
    }

    @Test func theServerOnPathGetsTheArgumentsAsGivenAndItsStatusIsTheCommands() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("statecraft-serve")
        try """
        #!/bin/sh
        echo "server: $*"
        exit 7
        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let arguments = ["order.scxml", "--store", "sqlite:m.sqlite", "--http", "127.0.0.1:0", "--help"]
        let result = try StatecraftBinary.run(
            ["serve"] + arguments, in: directory,
            environment: ["STATECRAFT_SERVE": "", "PATH": directory.path + ":/usr/bin:/bin"])
        #expect(result.status == 7)
        #expect(result.standardOutputText == "server: \(arguments.joined(separator: " "))\n")
    }
}
