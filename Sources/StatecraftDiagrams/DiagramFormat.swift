/// A format a `MachineDescription` can be exported or rendered to.
public enum DiagramFormat: String, Sendable, Hashable, CaseIterable {
    /// Graphviz DOT text (``DOTExporter``).
    case dot
    /// Mermaid `stateDiagram-v2` text, which GitHub renders in Markdown (``MermaidExporter``).
    case mermaid
    /// PlantUML state diagram text (``PlantUMLExporter``).
    case plantuml
    /// The versioned Statecraft machine JSON format (``JSONMachineFormat``), which the `statecraft` tool
    /// reads back.
    case json
    /// An SVG image, rendered by Graphviz's `dot` (``GraphvizRenderer``).
    case svg
    /// A PNG image, rendered by Graphviz's `dot` (``GraphvizRenderer``).
    case png

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .dot: "dot"
        case .mermaid: "mmd"
        case .plantuml: "puml"
        case .json: "json"
        case .svg: "svg"
        case .png: "png"
        }
    }

    /// Whether the format is an image rendered by an external tool rather than text Statecraft writes.
    public var isImage: Bool { self == .svg || self == .png }

    /// The format a file extension names (`dot`/`gv`, `mmd`/`mermaid`, `puml`/`plantuml`/`uml`, `json`,
    /// `svg`, `png`; case-insensitive), or `nil` when none does.
    ///
    /// - Parameter fileExtension: An extension without the dot.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "dot", "gv": self = .dot
        case "mmd", "mermaid": self = .mermaid
        case "puml", "plantuml", "uml": self = .plantuml
        case "json": self = .json
        case "svg": self = .svg
        case "png": self = .png
        default: return nil
        }
    }
}
