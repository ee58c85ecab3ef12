import Foundation
import Testing

/// Finds and runs the `statecraft` executable that `swift build` put next to the test bundle.
enum StatecraftBinary {
    struct Result {
        let status: Int32
        let standardOutput: Data
        let standardError: String
        var standardOutputText: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    /// The built binary: `$STATECRAFT_BINARY`, or `statecraft` in the directory holding the test bundle
    /// (`.build/debug` or `.build/<triple>/debug`).
    static func location() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["STATECRAFT_BINARY"] { return URL(fileURLWithPath: path) }
        var directories = [
            Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        directories += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
            .map { $0.bundleURL.deletingLastPathComponent() }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        directories.append(root.appendingPathComponent(".build/debug"))
        for directory in directories {
            let candidate = directory.appendingPathComponent("statecraft")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw BinaryNotFound(searched: directories.map(\.path))
    }

    struct BinaryNotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "the statecraft binary was not found (run `swift build`); searched \(searched.joined(separator: ", "))"
        }
    }

    /// The folder a run was asked to start in does not exist (Foundation would name the binary instead).
    struct MissingDirectory: Error, CustomStringConvertible {
        let path: String
        var description: String { "cannot run statecraft in \(path): the folder does not exist" }
    }

    /// Runs `statecraft arguments` in `directory` and collects its output; `input`, when given, is
    /// written to its standard input (otherwise standard input is empty).
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String]? = nil,
        input: String? = nil
    ) throws -> Result {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw MissingDirectory(path: directory.path) }
        let process = Process()
        process.executableURL = try location()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let input {
            // Small inputs fit in the pipe's buffer; closing the write end is the tool's end of input.
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
        // Read standard error on another thread so that neither pipe can fill up and block the tool.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, standardOutput: outputData,
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}
