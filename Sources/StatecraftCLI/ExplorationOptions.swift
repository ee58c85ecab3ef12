import ArgumentParser
import Foundation
import StatecraftAnalysis
import StatecraftSCXML

/// The options `validate`, `paths` and `check` share: the SCXML chart and the bounds of its exploration.
struct ExplorationOptions: ParsableArguments {
    @Argument(help: "The SCXML chart (.scxml).", completion: .file(extensions: ["scxml"]))
    var file: String

    @Option(name: .long, help: "Stop exploring after this many configurations.")
    var maxConfigurations = 100_000

    @Option(name: .long, help: "Do not explore event sequences longer than this.")
    var maxDepth: Int?

    func validate() throws {
        guard maxConfigurations > 0 else { throw ValidationError("--max-configurations must be positive") }
        if let maxDepth, maxDepth < 0 { throw ValidationError("--max-depth must not be negative") }
    }

    /// The chart's model and its explored space; prints the problem and exits with status 2 when the
    /// file is missing, malformed or not a valid chart.
    func explore() throws -> (model: SCXMLExplorationModel, space: StateSpace) {
        let model: SCXMLExplorationModel
        do {
            model = try SCXMLExplorationModel(document: try MachineFileLoader().loadSCXML(path: file))
        } catch let error as MachineFileLoaderError {
            Self.printError(error.description)
            throw ExitCode(2)
        } catch let error as SCXMLError {
            Self.printError(error.description)
            throw ExitCode(2)
        }
        let limits = ExplorationLimits(maxConfigurations: maxConfigurations, maxDepth: maxDepth ?? .max)
        return (model, StateSpaceExplorer(model).explore(limits: limits))
    }

    /// Writes `error: MESSAGE` to standard error.
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }

    /// Writes `text` to standard output.
    static func printOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// `value` as pretty, key-sorted JSON followed by a newline.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
