import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `statecraft serve CHART.scxml --store URL`: runs `statecraft-serve`, the HTTP server of the separate
/// `Server/` package (so that the core tool never builds Hummingbird), git-style: the server replaces this
/// process and takes the arguments as given.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve machines of an SCXML chart over HTTP, durable in a store.",
        discussion: """
            Runs statecraft-serve with the arguments as given: CHART.scxml --store URL [--http HOST:PORT] \
            [--token TOKEN]. `statecraft serve --help` is the server's own help. The server is looked \
            for in $STATECRAFT_SERVE, next to this `statecraft` binary, then on PATH.

            EXAMPLES:
              statecraft serve order.scxml --store sqlite:orders.sqlite --http 127.0.0.1:8080
              swift build --package-path Server --product statecraft-serve   # build the server

            EXIT STATUS:
              the server's, or 2 when it was not found
            """)

    @Argument(parsing: .captureForPassthrough, help: "The server's arguments: CHART.scxml --store URL ….")
    var arguments: [String] = []

    /// The server's executable name.
    static let serverName = "statecraft-serve"

    /// What `statecraft serve` prints when the server was not found.
    static let notFoundMessage =
        "\(serverName) was not found beside statecraft or on PATH: build it with `swift build --package-path Server`"

    func run() throws {
        guard let server = Self.locateServer() else {
            ExplorationOptions.printError(Self.notFoundMessage)
            throw ExitCode(2)
        }
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        // execv returns only when it failed.
        ExplorationOptions.printError("could not start \(server): \(String(cString: strerror(errno)))")
        throw ExitCode(2)
    }

    /// `$STATECRAFT_SERVE`, the server next to this binary, or the first on `PATH`.
    static func locateServer(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String = CommandLine.arguments[0]
    ) -> String? {
        let files = FileManager.default
        if let path = environment["STATECRAFT_SERVE"], !path.isEmpty {
            return files.isExecutableFile(atPath: path) ? path : nil
        }
        let binary = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
        let directories =
            [binary.deletingLastPathComponent().path]
            + (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return directories.map { URL(fileURLWithPath: $0).appendingPathComponent(serverName).path }
            .first(where: files.isExecutableFile(atPath:))
    }
}
