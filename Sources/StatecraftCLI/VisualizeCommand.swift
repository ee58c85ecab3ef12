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

            Exploration is bounded so that the page stays a few megabytes: --max-configurations (2000), \
            --max-depth (none), --max-work (1000000: each step tried counts 1 plus the active states it \
            leaves and reaches) and --max-seconds (30). When it stops at a bound, the page is written and \
            says so, a warning on standard error names the bound and the data variables whose values kept \
            changing, and the status is 3. A chart of more than \(VisualizerDrawing.maximumStates) states, or \
            of more than \(VisualizerDrawing.maximumClusters) states with children, is not drawn (Graphviz's \
            layout of it takes minutes): no page is written, and the status is 3.

            Scripts drive the page with window.statecraft.send(name), .configuration(), .reset() and \
            .advanceClock(ms) (the DocC article "Visualizing machines" lists them all).

            EXAMPLES:
              statecraft visualize microwave.scxml -o microwave.html
              statecraft visualize refresh-list.json -o refresh-list.html --max-configurations 500

            EXIT STATUS:
              0   the page was written
              1   drawing (Graphviz's dot) or writing the page failed
              2   the file is missing, malformed or not a valid chart
              3   exploration stopped at a bound (the page shows part of the machine),
                  or the chart is too large to draw (no page)
              64  the command line is wrong
            """
    )

    @Argument(help: "The machine file (.scxml or .json).", completion: .file(extensions: ["scxml", "json"]))
    var file: String

    @Option(name: [.customShort("o"), .long], help: "The HTML file to write.")
    var output: String

    @OptionGroup var bounds: ExplorationLimitOptions

    @Option(name: .long, help: "The page's title (default: the machine's name or the file's name).")
    var title: String?

    func run() throws {
        let limits = bounds.limits(defaults: .visualizerPage)
        let model: VisualizerModel
        do {
            let loader = MachineFileLoader()
            // The drawing's size is checked before exploring, so that a chart too large to draw is refused at once.
            if (file as NSString).pathExtension.lowercased() == "json" {
                let description = try loader.load(path: file)
                try refuseIfTooLargeToDraw(description)
                model = try VisualizerModel.explore(describing: description, limits: limits)
            } else {
                let document = try loader.loadSCXML(path: file)
                if let description = try? document.machineDescription() { try refuseIfTooLargeToDraw(description) }
                model = try VisualizerModel.explore(document: document, limits: limits)
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
        if ExplorationLimitOptions.reportIncompleteness(of: model.space, file: file) {
            FileHandle.standardError.write(Data("note: \(output): the page shows the part explored and says so\n".utf8))
            throw ExitCode(ExplorationLimitOptions.incompleteStatus)
        }
    }

    /// Exits with status 3 and a message when `machine` is too large for a page to draw.
    private func refuseIfTooLargeToDraw(_ machine: MachineDescription) throws {
        do {
            try VisualizerDrawing.checkSize(of: machine)
        } catch {
            ExplorationOptions.printError("\(file): \(error)")
            throw ExitCode(ExplorationLimitOptions.incompleteStatus)
        }
    }
}
