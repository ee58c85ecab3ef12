import ArgumentParser
import Foundation
import Statecraft
import StatecraftAnalysis
import StatecraftSCXML
import StatecraftVisualizer

/// `statecraft visualize FILE -o machine.html`: writes a self-contained HTML page that runs the machine by
/// walking its explored state space.
struct VisualizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "visualize",
        abstract: "Write a self-contained HTML page that runs a machine in the browser.",
        discussion: """
            FILE is an SCXML document (.scxml) or a machine in the Statecraft JSON format (.json). The \
            machine is explored from its start with every event its transitions name, by the same step \
            function `statecraft run` uses, and the page walks that state space: the chart drawn by \
            Graphviz's dot with the active states highlighted, buttons for the events enabled now, a \
            log, back, forward, reset, and the delayed events on a virtual clock. The page loads \
            nothing from the network and works from file://. A JSON file holds structure, not code: it \
            runs as the SCXML `statecraft diagram --format scxml` writes, where a condition that is not \
            an SCXML expression is never true.

            Scripts drive the page with window.statecraft.send(name), .configuration(), .reset() and \
            .advanceClock(ms) (the DocC article "Visualizing machines" lists them all).

            EXAMPLES:
              statecraft visualize microwave.scxml -o microwave.html
              statecraft visualize refresh-list.json -o refresh-list.html --max-configurations 500

            EXIT STATUS:
              0   the page was written
              1   drawing (Graphviz's dot) or writing the page failed
              2   the file is missing, malformed or not a valid chart
              64  the command line is wrong
            """
    )

    @Argument(help: "The machine file (.scxml or .json).", completion: .file(extensions: ["scxml", "json"]))
    var file: String

    @Option(name: [.customShort("o"), .long], help: "The HTML file to write.")
    var output: String

    @Option(name: .long, help: "Stop exploring after this many configurations.")
    var maxConfigurations = 10_000

    @Option(name: .long, help: "Do not explore event sequences longer than this.")
    var maxDepth: Int?

    @Option(name: .long, help: "The page's title (default: the machine's name or the file's name).")
    var title: String?

    func validate() throws {
        guard maxConfigurations > 0 else { throw ValidationError("--max-configurations must be positive") }
        if let maxDepth, maxDepth < 0 { throw ValidationError("--max-depth must not be negative") }
    }

    func run() throws {
        let limits = ExplorationLimits(maxConfigurations: maxConfigurations, maxDepth: maxDepth ?? .max)
        let model: VisualizerModel
        do {
            let loader = MachineFileLoader()
            if (file as NSString).pathExtension.lowercased() == "json" {
                model = try VisualizerModel.explore(describing: try loader.load(path: file), limits: limits)
            } else {
                model = try VisualizerModel.explore(document: try loader.loadSCXML(path: file), limits: limits)
            }
        } catch let error as MachineFileLoaderError {
            ExplorationOptions.printError(error.description)
            throw ExitCode(2)
        } catch let error as SCXMLError {
            ExplorationOptions.printError("\(file): \(error.description)")
            throw ExitCode(2)
        }
        let name = model.space.machine.name ?? ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        do {
            try VisualizerPage(model: model, title: title ?? name).write(to: URL(fileURLWithPath: output))
        } catch {
            ExplorationOptions.printError(error.description)
            throw ExitCode(1)
        }
        if !model.space.isComplete {
            FileHandle.standardError.write(Data("note: \(model.space.summary); the page says so\n".utf8))
        }
    }
}
