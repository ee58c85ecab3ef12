import ArgumentParser
import Foundation
import StatecraftAnalysis
import StatecraftSCXML

/// The options `validate`, `paths` and `check` share: the SCXML chart and the bounds of its exploration.
///
/// Without options, exploration runs under `ExplorationLimits()`: 100,000 configurations, any depth, work
/// 10,000,000, 60 seconds.
struct ExplorationOptions: ParsableArguments {
    @Argument(help: "The SCXML chart (.scxml).", completion: .file(extensions: ["scxml"]))
    var file: String

    @OptionGroup var bounds: ExplorationLimitOptions

    /// The chart's model and its explored space; prints the problem and exits with status 2 when the
    /// file is missing, malformed or not a valid chart. When exploration stopped at a bound, a warning on
    /// standard error says so first, naming the bound and the data that kept changing.
    func explore() throws -> (model: SCXMLExplorationModel, space: StateSpace) {
        let model = try load()
        return (model, explore(model))
    }

    /// The chart's model; prints the problem and exits with status 2 when the file is missing, malformed
    /// or not a valid chart.
    func load() throws -> SCXMLExplorationModel {
        do {
            return try SCXMLExplorationModel(document: try MachineFileLoader().loadSCXML(path: file))
        } catch let error as MachineFileLoaderError {
            Self.printError(error.description)
            throw ExitCode(2)
        } catch let error as SCXMLError {
            Self.printError(error.description)
            throw ExitCode(2)
        }
    }

    /// The space of `model` within the command line's bounds; a warning on standard error when a bound
    /// was hit.
    func explore(_ model: SCXMLExplorationModel) -> StateSpace {
        let space = StateSpaceExplorer(model).explore(limits: bounds.limits(defaults: ExplorationLimits()))
        ExplorationLimitOptions.reportIncompleteness(of: space, file: file)
        return space
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
