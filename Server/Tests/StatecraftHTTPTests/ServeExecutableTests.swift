import Foundation
import Testing

/// The `statecraft-serve` executable that `statecraft serve` runs, as built next to the tests.
@Suite("statecraft-serve")
struct ServeExecutableTests {
    static func binary() throws -> URL {
        let directories =
            Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map {
                $0.bundleURL.deletingLastPathComponent()
            }
            + [ServeFixture.serverPackage.appendingPathComponent(".build/debug")]
        for directory in directories {
            let candidate = directory.appendingPathComponent("statecraft-serve")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "statecraft-serve (run swift build)"])
    }

    /// Runs the server with `arguments` until it exits; its status and standard error.
    static func run(_ arguments: [String]) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("Bad charts, store URLs, stores and addresses exit 2 with one line naming them")
    func setupErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-exe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appendingPathComponent("broken.scxml")
        try Data("<scxml><state id=".utf8).write(to: broken)
        let notADatabase = directory.appendingPathComponent("garbage.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: notADatabase)
        let chart = ServeFixture.orderChart.path
        let store = "sqlite:" + directory.appendingPathComponent("m.sqlite").path
        let cases: [(arguments: [String], says: String)] = [
            ([directory.appendingPathComponent("missing.scxml").path, "--store", store], "missing.scxml"),
            ([broken.path, "--store", store], "broken.scxml"),
            ([chart, "--store", "redis://h"], "--store redis://h"),
            ([chart, "--store", "sqlite:" + notADatabase.path], "garbage.sqlite"),
            ([chart, "--store", store, "--http", "0.0.0.0:0"], "--http 0.0.0.0 is not a loopback address"),
            ([chart, "--store", store, "--http", "nowhere"], "--http nowhere"),
        ]
        for item in cases {
            let (status, error) = try Self.run(item.arguments)
            #expect(status == 2, "\(item.arguments)")
            #expect(error.hasPrefix("statecraft-serve: "), "\(error)")
            #expect(error.contains(item.says), "\(error)")
            #expect(error.split(separator: "\n").count == 1, "\(error)")
        }
    }
}
