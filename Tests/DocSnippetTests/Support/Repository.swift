import Foundation

/// The repository's files, found from this source file's location, and a way to run a command in it.
enum Repository {
    /// The repository's root directory.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of the file at `path`, relative to the root.
    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// What a finished command printed and how it ended.
    struct CommandResult {
        let status: Int32
        let output: String
    }

    /// Runs `arguments` (looked up on `PATH`) in `directory` with standard output and error merged.
    static func run(_ arguments: [String], in directory: URL = root) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The contents of the fenced code blocks of `markdown` whose info string is `language`, in order.
    static func codeBlocks(in markdown: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if var lines = current {
                if trimmed == "```" {
                    blocks.append(lines.joined(separator: "\n"))
                    current = nil
                } else {
                    lines.append(line)
                    current = lines
                }
            } else if trimmed == "```\(language)" {
                current = []
            }
        }
        return blocks
    }
}
