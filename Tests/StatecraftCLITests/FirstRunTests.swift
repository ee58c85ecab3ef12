import Foundation
import Testing

/// What a new user meets first: `statecraft --version`, and `stenciltown` started without a terminal.
@Suite("First run")
struct FirstRunTests {
    @Test func statecraftPrintsItsVersion() throws {
        let result = try StatecraftBinary.run(["--version"], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 0)
        #expect(result.standardOutputText == "0.1.0\n")
    }

    /// Standard input is /dev/null here: no keys can come, so the example says what it needs.
    @Test func stenciltownWithoutATerminalSaysItNeedsOneOrAScript() throws {
        let stenciltown = try StatecraftBinary.location().deletingLastPathComponent().appendingPathComponent(
            "stenciltown")
        let process = Process()
        process.executableURL = stenciltown
        process.standardInput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.hasPrefix("stenciltown: needs a terminal"))
        #expect(message.contains("--script"))
        #expect(message.split(separator: "\n").count == 1)
    }
}
