import ArgumentParser
import StatecraftDiagrams

/// The `--format` values of `statecraft diagram`.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case dot, mermaid, plantuml, json, svg, png, scxml

    /// The library's diagram format; `nil` for SCXML, which the command exports itself.
    var diagramFormat: DiagramFormat? {
        switch self {
        case .dot: .dot
        case .mermaid: .mermaid
        case .plantuml: .plantuml
        case .json: .json
        case .svg: .svg
        case .png: .png
        case .scxml: nil
        }
    }
}
