// The live inspector's server, which `statecraft inspect FILE` starts: it explores a machine file (SCXML
// or the Statecraft JSON format), serves the visualizer page on loopback with a per-session token, prints
// the page's URL, then reads events from standard input, one per line, and streams each step to the
// page. End the input (Ctrl-D) to stop.
//
//     statecraft-inspector microwave.scxml [--host 127.0.0.1] [--port 0] [--title T] [--max-configurations N]
//     inspector: http://127.0.0.1:PORT/?token=…
//
// The server and the input run as services of one ServiceGroup: SIGTERM or SIGINT stops both gracefully
// (the page's stream ends, the server stops) and the program exits 0, as it does when the input ends.
//
// Exit status: 0 when the input ends or SIGTERM/SIGINT stops it; 1 when the page cannot be drawn or the server cannot listen; 2 when
// the file is missing, malformed or not a valid chart; 64 when the command line is wrong.
import Foundation
import Logging
import ServiceLifecycle
import StatecraftAnalysis
import StatecraftDiagrams
import StatecraftInspector
import StatecraftSCXML
import StatecraftVisualizer

/// Writes a line to standard output at once (standard output is a pipe when `statecraft inspect` or a
/// script runs the server).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Prints `statecraft-inspector: error: MESSAGE` to standard error and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("statecraft-inspector: error: \(message)\n".utf8))
    exit(status)
}

let usage = """
    usage: statecraft-inspector FILE [--host HOST] [--port PORT] [--title TITLE] [--max-configurations N]
    """

var arguments = Array(CommandLine.arguments.dropFirst())
var file: String?
var host = "127.0.0.1"
var port = 0
var title: String?
var maxConfigurations = 10_000
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    func value() -> String {
        guard !arguments.isEmpty else { fail("\(argument) needs a value\n\(usage)", status: 64) }
        return arguments.removeFirst()
    }
    switch argument {
    case "--host": host = value()
    case "--port":
        guard let number = Int(value()), (0...65_535).contains(number) else { fail("--port: not a port", status: 64) }
        port = number
    case "--title": title = value()
    case "--max-configurations":
        guard let number = Int(value()), number > 0 else { fail("--max-configurations: not positive", status: 64) }
        maxConfigurations = number
    case "-h", "--help":
        say(usage)
        exit(0)
    default:
        guard file == nil, !argument.hasPrefix("-") else {
            fail("unexpected argument '\(argument)'\n\(usage)", status: 64)
        }
        file = argument
    }
}
guard let file else { fail("missing FILE\n\(usage)", status: 64) }

let limits = ExplorationLimits(maxConfigurations: maxConfigurations)
let model: VisualizerModel
do {
    let url = URL(fileURLWithPath: file)
    switch url.pathExtension.lowercased() {
    case "scxml":
        model = try VisualizerModel.explore(document: try SCXMLParser.parse(contentsOf: url), limits: limits)
    case "json":
        guard let data = FileManager.default.contents(atPath: file) else {
            fail("\(file): cannot read the file", status: 2)
        }
        model = try VisualizerModel.explore(describing: try JSONMachineFormat.decode(data, file: file), limits: limits)
    default:
        fail("\(file): not a machine file (.scxml or .json)", status: 2)
    }
} catch {
    fail("\(file): \(error)", status: 2)
}

let name = title ?? model.space.machine.name ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent

let inspector: Inspector
do {
    inspector = try await Inspector.start(model: model, title: "\(name) (live)", host: host, port: port)
} catch {
    fail("\(error)", status: 1)
}
let walk = InspectorWalk(model: model)
inspector.publish(walk.startTransition)
say("inspector: \(inspector.url)")
if !model.space.isComplete { say("note: \(model.space.summary); the page says so") }

/// The lines of standard input, read on a thread of their own: `readLine` blocks, and a graceful shutdown
/// must not wait for the next line.
let lines = AsyncStream<String> { continuation in
    Thread {
        while let line = readLine() { continuation.yield(line) }
        continuation.finish()
    }.start()
}

/// Follows the events read from standard input until it ends or a graceful shutdown begins.
struct StandardInputEvents: Service {
    let inspector: Inspector
    let model: VisualizerModel
    let lines: AsyncStream<String>

    func run() async {
        var walk = InspectorWalk(model: model)
        for await line in lines.cancelOnGracefulShutdown() {
            let event = line.trimmingCharacters(in: .whitespaces)
            if event.isEmpty { continue }
            switch walk.send(event) {
            case .moved(let transition):
                inspector.publish(transition)
                say("configuration: \(transition.configuration.joined(separator: " "))")
            case .ignored: say("ignored: \(event)")
            case .notExplored: say("not explored: \(event) (exploration stopped at a bound before this step)")
            case .unknownEvent: say("unknown event: \(event)")
            }
        }
    }
}

// The end of the input shuts the group down gracefully, as SIGTERM and SIGINT do; standard output stays the
// program's, so the group logs nowhere.
let group = ServiceGroup(
    configuration: ServiceGroupConfiguration(
        services: [
            .init(service: inspector),
            .init(
                service: StandardInputEvents(inspector: inspector, model: model, lines: lines),
                successTerminationBehavior: .gracefullyShutdownGroup),
        ],
        gracefulShutdownSignals: [.sigterm, .sigint],
        logger: Logger(label: "statecraft-inspector") { _ in SwiftLogNoOpLogHandler() }))
do {
    try await group.run()
} catch {
    fail("\(error)", status: 1)
}
