import ArgumentParser
import Foundation
import Statecraft
import StatecraftDiagrams
import StatecraftSCXML

/// `statecraft diagram FILE [--format F] [-o OUT]`: draws the machine in FILE.
struct DiagramCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagram",
        abstract: "Draw a machine as DOT, Mermaid, PlantUML, JSON, SVG or PNG, or export it as SCXML.",
        discussion: """
            FILE is a machine: an SCXML document (.scxml) or a file in the Statecraft machine JSON \
            format (.json). Without -o the diagram is printed; \
            with -o it is written to OUT (left untouched when it already holds the same diagram), in the \
            format OUT's extension names unless --format says otherwise. A regular OUT is replaced \
            atomically and keeps its permissions; a symbolic link is written through; a FIFO or a device \
            is written to, never replaced. SVG and PNG are rendered by \
            Graphviz's `dot`, which must be on PATH.

            EXAMPLES:
              statecraft diagram refresh-list.json
              statecraft diagram refresh-list.json --format mermaid > refresh-list.mmd
              statecraft diagram refresh-list.json --format plantuml -o refresh-list.puml
              statecraft diagram refresh-list.json -o refresh-list.svg
              statecraft diagram refresh-list.json --format png -o diagram.image
              statecraft diagram microwave.scxml --format plantuml
              statecraft diagram refresh-list.json --format scxml

            --format scxml writes the machine's structure (states, history, initial children, \
            transitions with their events and condition labels) as an SCXML document that validates \
            against the W3C SCXML schema.
            """
    )

    @Argument(help: "The machine file (.scxml or .json).", completion: .file(extensions: ["scxml", "json"]))
    var file: String

    @Option(name: .long, help: "The output format (default: the one OUT's extension names, else dot).")
    var format: OutputFormat?

    @Option(name: [.customShort("o"), .long], help: "Write the diagram to this file instead of printing it.")
    var output: String?

    func run() throws {
        let description: MachineDescription
        do {
            description = try MachineFileLoader().load(path: file)
        } catch {
            Self.printError(error.description)
            throw ExitCode(2)
        }
        let outputExtension = output.map { ($0 as NSString).pathExtension.lowercased() }
        if format == .scxml || (format == nil && outputExtension == "scxml") {
            try writeSCXML(of: description)
            return
        }
        let chosen =
            format?.diagramFormat
            ?? outputExtension.flatMap { DiagramFormat(fileExtension: $0) }
            ?? .dot
        do {
            if let output {
                try description.write(to: URL(fileURLWithPath: output), format: chosen)
            } else {
                let diagram = try description.diagram(chosen)
                try Self.printOutput(diagram)
            }
        } catch let error as DiagramError {
            Self.printError(error.description)
            throw ExitCode(1)
        }
    }

    /// Writes the machine's structure as SCXML (`SCXMLDocument(describing:)`), valid against the W3C schema.
    private func writeSCXML(of description: MachineDescription) throws {
        let text: String
        do {
            text = SCXMLExporter().export(try SCXMLDocument(describing: description))
        } catch {
            Self.printError("\(file): \(error.description)")
            throw ExitCode(1)
        }
        guard let output else {
            try Self.printOutput(Data(text.utf8))
            return
        }
        do {
            try _OutputFile.write(Data(text.utf8), toPath: output)
        } catch {
            Self.printError(error.description)
            throw ExitCode(1)
        }
    }

    /// Prints to standard output; a closed or full output ends the command with exit status 1.
    private static func printOutput(_ data: Data) throws {
        StandardOutput.reportBrokenPipes()
        do {
            try StandardOutput.write(data)
        } catch {
            printError(error.description)
            throw ExitCode(1)
        }
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }
}
