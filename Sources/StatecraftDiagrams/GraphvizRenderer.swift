import Foundation
import Statecraft

/// Renders DOT text to SVG or PNG with Graphviz's `dot`, found on `PATH`.
///
/// ```swift
/// let svg = try GraphvizRenderer().render(DOTExporter().export(description), as: .svg)
/// ```
///
/// When `dot` is missing, rendering throws ``DiagramError/toolNotFound(tool:installHint:)``, whose
/// message says how to install Graphviz (`apt-get install graphviz`, `brew install graphviz`).
public struct GraphvizRenderer: Sendable {
    /// How to install Graphviz, shown when `dot` is missing.
    public static let installHint =
        "Install Graphviz: `sudo apt-get install graphviz` (Debian, Ubuntu), `brew install graphviz` (macOS), "
        + "or see https://graphviz.org/download/."

    /// The directories searched for `dot`, in order.
    public var searchPath: [String]

    /// Creates a renderer that looks for `dot` in `searchPath`.
    ///
    /// - Parameter searchPath: Directories to search; by default the `PATH` environment variable's entries.
    public init(searchPath: [String]? = nil) {
        self.searchPath =
            searchPath
            ?? (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    }

    /// The path of the `dot` executable, or `nil` when it is not in ``searchPath``.
    ///
    /// - Complexity: O(*p*) file-system checks for *p* directories.
    public var dotExecutable: String? {
        for directory in searchPath where !directory.isEmpty {
            let candidate = (directory as NSString).appendingPathComponent("dot")
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Renders `dot` text as an image.
    ///
    /// - Parameters:
    ///   - dot: DOT text, such as ``DOTExporter``'s output.
    ///   - format: ``DiagramFormat/svg`` or ``DiagramFormat/png``.
    /// - Returns: The image's bytes.
    /// - Throws: ``DiagramError/toolNotFound(tool:installHint:)`` when `dot` is not on the search path,
    ///   ``DiagramError/toolFailed(tool:status:message:)`` when it fails (its standard error is the message).
    public func render(_ dot: String, as format: DiagramFormat) throws(DiagramError) -> Data {
        precondition(format.isImage, "GraphvizRenderer renders only svg and png, not \(format.rawValue)")
        guard let executable = dotExecutable else {
            throw .toolNotFound(tool: "dot", installHint: Self.installHint)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-T\(format.rawValue)"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .toolFailed(tool: executable, status: -1, message: error.localizedDescription)
        }
        // Read both outputs while writing, so that neither pipe can fill up and block `dot`.
        let collected = OutputCollector()
        let group = DispatchGroup()
        for (pipe, isError) in [(output, false), (errors, true)] {
            group.enter()
            DispatchQueue.global().async {
                collected.store(pipe.fileHandleForReading.readDataToEndOfFile(), isError: isError)
                group.leave()
            }
        }
        input.fileHandleForWriting.write(Data(dot.utf8))
        try? input.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        let (image, message) = collected.values
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw .toolFailed(tool: "dot", status: process.terminationStatus, message: text)
        }
        return image
    }
}

/// Collects a child process's standard output and error from two reading threads.
private final class OutputCollector: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var output = Data()
    private var errors = Data()

    func store(_ data: Data, isError: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if isError { errors = data } else { output = data }
    }

    var values: (output: Data, errors: Data) {
        lock.lock()
        defer { lock.unlock() }
        return (output, errors)
    }
}
