import ArgumentParser
import Foundation

/// `statecraft inspect FILE`: starts the live inspector's server, `statecraft-inspector`, which the
/// separate `Inspector/` package builds (so that the core tool never depends on Hummingbird), and passes
/// it the file and the options.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Start the live inspector: a local page that follows a machine as events arrive.",
        discussion: """
            Starts the inspector's server, which draws FILE (.scxml or .json) as `statecraft visualize` \
            does, serves the page on loopback with a per-session token and prints its URL; then each \
            line read from standard input is an event, taken by the step the explored machine recorded \
            for it, and the page follows. End the input (Ctrl-D), or send SIGTERM, to stop. Programs attach the inspector \
            to their own machines in Swift instead (`Inspector.attach(to:)`, package Inspector/).

            The server is the `statecraft-inspector` executable of the Inspector/ package. It is looked \
            for in $STATECRAFT_INSPECTOR, next to this `statecraft` binary, on PATH, and finally as \
            `swift run --package-path Inspector statecraft-inspector` when the current directory is in \
            a Statecraft checkout.

            EXAMPLES:
              statecraft inspect microwave.scxml
              swift build --package-path Inspector --product statecraft-inspector   # build the server

            EXIT STATUS:
              0   the input ended
              1   the page could not be drawn or the server could not listen
              2   the server was not found; the file is missing, malformed or not a valid chart
              64  the command line is wrong
            """
    )

    @Argument(help: "The machine file (.scxml or .json).", completion: .file(extensions: ["scxml", "json"]))
    var file: String

    @Option(name: .long, help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0 picks a free one).")
    var port = 0

    @Option(name: .long, help: "The page's title (default: the machine's name or the file's name).")
    var title: String?

    @Option(name: .long, help: "Stop exploring after this many configurations.")
    var maxConfigurations = 10_000

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard maxConfigurations > 0 else { throw ValidationError("--max-configurations must be positive") }
    }

    func run() throws {
        var arguments = [
            file, "--host", host, "--port", String(port), "--max-configurations", String(maxConfigurations),
        ]
        if let title { arguments += ["--title", title] }
        let locator = InspectorServerLocator()
        guard let server = locator.locate() else {
            if let path = locator.environment["STATECRAFT_INSPECTOR"], !path.isEmpty {
                ExplorationOptions.printError("STATECRAFT_INSPECTOR is set to \(path), which is not an executable file")
            } else {
                ExplorationOptions.printError(InspectorServerLocator.notFoundMessage)
            }
            throw ExitCode(2)
        }
        let process = Process()
        process.executableURL = server.executable
        process.arguments = server.arguments + arguments
        do {
            try process.run()
        } catch {
            ExplorationOptions.printError("could not start \(server.executable.path): \(error.localizedDescription)")
            throw ExitCode(2)
        }
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw ExitCode(process.terminationStatus) }
    }
}
