import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `statecraft-inspector` executable that `statecraft inspect` runs, as built next to the tests.
@Suite("statecraft-inspector")
struct InspectorServerExecutableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func binary() throws -> URL {
        let directories =
            Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
            .map { $0.bundleURL.deletingLastPathComponent() } + [root.appendingPathComponent("Inspector/.build/debug")]
        for directory in directories {
            let candidate = directory.appendingPathComponent("statecraft-inspector")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "statecraft-inspector (run swift build)"])
    }

    /// One line of `handle`, read a byte at a time so that nothing after it is consumed; `nil` at the end.
    static func line(from handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while true {
            let byte = handle.readData(ofLength: 1)
            guard let value = byte.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if value == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(value)
        }
    }

    /// Starts the server on the desk chart, its standard input and output piped.
    static func startOnDeskChart() throws -> (Process, input: Pipe, output: Pipe) {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = [Self.root.appendingPathComponent("Tests/StatecraftVisualizerTests/Charts/desk.scxml").path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, input, output)
    }

    @Test("It serves the chart, prints the URL, then follows the events read from standard input")
    func servesAndFollows() async throws {
        let (process, input, output) = try Self.startOnDeskChart()
        defer { if process.isRunning { process.terminate() } }
        let first = try #require(Self.line(from: output.fileHandleForReading))
        #expect(first.hasPrefix("inspector: http://127.0.0.1:"))
        let url = try #require(URL(string: String(first.dropFirst("inspector: ".count))))
        let (data, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains(#"<body data-live-feed="/stream">"#))

        input.fileHandleForWriting.write(Data("radio\ntune\nkick\n".utf8))
        try input.fileHandleForWriting.close()
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        process.waitUntilExit()
        #expect(
            rest == [
                "configuration: desk lamp lampOff radio radioOn station music",
                "configuration: desk lamp lampOff radio radioOn station news",
                "unknown event: kick",
            ])
        #expect(process.terminationStatus == 0)
    }

    @Test("SIGTERM stops the server gracefully: status 0, the page no longer served")
    func stopsOnSIGTERM() async throws {
        let (process, input, output) = try Self.startOnDeskChart()
        defer { if process.isRunning { process.terminate() } }
        let first = try #require(Self.line(from: output.fileHandleForReading))
        let url = try #require(URL(string: String(first.dropFirst("inspector: ".count))))
        input.fileHandleForWriting.write(Data("radio\n".utf8))
        #expect(Self.line(from: output.fileHandleForReading)?.hasPrefix("configuration: ") == true)
        // The input stays open: only the signal ends the program.
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        await #expect(throws: (any Error).self) { _ = try await URLSession.shared.data(from: url) }
    }

    @Test("A missing file exits with status 2")
    func missingFile() throws {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = ["/nonexistent/machine.scxml"]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.hasPrefix("statecraft-inspector: error: /nonexistent/machine.scxml:"))
    }
}
