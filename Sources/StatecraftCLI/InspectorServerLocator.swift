import Foundation

/// Finds the inspector's server, `statecraft-inspector`, for `statecraft inspect`: in
/// `$STATECRAFT_INSPECTOR`, next to the running `statecraft` binary, on `PATH`, or in the `Inspector/`
/// package of a Statecraft checkout that contains the current directory (run with `swift run`).
struct InspectorServerLocator {
    /// How to start the server: an executable and the arguments that come before the command's own.
    struct Server: Equatable {
        let executable: URL
        let arguments: [String]
    }

    /// The server's executable name.
    static let name = "statecraft-inspector"

    /// What `statecraft inspect` prints when no server was found.
    static let notFoundMessage = """
        the inspector's server (\(name)) was not found: build it with
          swift build -c release --package-path Inspector --product \(name)
        in a Statecraft checkout, then put .build/release/\(name) of Inspector/ next to statecraft or on \
        PATH, or set STATECRAFT_INSPECTOR to its path (or run statecraft inspect from inside the checkout)
        """

    var environment = ProcessInfo.processInfo.environment
    var executablePath = CommandLine.arguments[0]
    var currentDirectory = FileManager.default.currentDirectoryPath

    /// The server, or `nil` when none of the places has one.
    func locate() -> Server? {
        let files = FileManager.default
        if let path = environment["STATECRAFT_INSPECTOR"], !path.isEmpty {
            // An explicit setting is used as given: a wrong path is reported, not silently skipped.
            return files.isExecutableFile(atPath: path)
                ? Server(executable: URL(fileURLWithPath: path), arguments: []) : nil
        }
        let binary = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
        let sibling = binary.deletingLastPathComponent().appendingPathComponent(Self.name)
        if files.isExecutableFile(atPath: sibling.path) { return Server(executable: sibling, arguments: []) }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(Self.name)
            if files.isExecutableFile(atPath: candidate.path) { return Server(executable: candidate, arguments: []) }
        }
        if let package = checkoutInspectorPackage(), let swift = onPath("swift") {
            return Server(
                executable: swift, arguments: ["run", "--package-path", package.path, Self.name])
        }
        return nil
    }

    /// `Inspector/` of the Statecraft checkout containing the current directory, if any.
    private func checkoutInspectorPackage() -> URL? {
        var directory = URL(fileURLWithPath: currentDirectory).standardizedFileURL
        while true {
            let inspector = directory.appendingPathComponent("Inspector")
            let manifest = inspector.appendingPathComponent("Package.swift")
            if let text = try? String(contentsOf: manifest, encoding: .utf8), text.contains("\"\(Self.name)\"") {
                return inspector
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
        }
    }

    private func onPath(_ tool: String) -> URL? {
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
