import Foundation
import Statecraft

extension MachineDescription {
    /// The diagram of this machine in `format`.
    ///
    /// ```swift
    /// let mermaid = try String(decoding: description.diagram(.mermaid), as: UTF8.self)
    /// ```
    ///
    /// - Parameters:
    ///   - format: The format; ``StatecraftDiagrams/DiagramFormat/svg`` and ``StatecraftDiagrams/DiagramFormat/png`` run Graphviz's `dot`.
    ///   - renderer: The renderer used for images.
    /// - Returns: The diagram's bytes (UTF-8 text for the text formats).
    /// - Throws: ``StatecraftDiagrams/DiagramError`` when an image cannot be rendered.
    /// - Complexity: O(*n*) in the size of the description for text formats.
    public func diagram(_ format: DiagramFormat, renderer: GraphvizRenderer = GraphvizRenderer())
        throws(DiagramError) -> Data
    {
        switch format {
        case .dot: Data(DOTExporter().export(self).utf8)
        case .mermaid: Data(MermaidExporter().export(self).utf8)
        case .plantuml: Data(PlantUMLExporter().export(self).utf8)
        case .json: Data(JSONExporter().export(self).utf8)
        case .svg, .png: try renderer.render(DOTExporter().export(self), as: format)
        }
    }

    /// Writes this machine's diagram to a file, unless the file already holds exactly that diagram — so an
    /// app or a test can keep a diagram checked into the repository up to date without touching it needlessly.
    /// A regular file is replaced atomically and keeps its permissions; a symbolic link is written through; a
    /// FIFO or a device is written to, never replaced.
    ///
    /// ```swift
    /// @Test func diagramIsUpToDate() throws {
    ///     let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Screen.mmd")
    ///     try schema.machineDescription().write(to: url)      // format from the extension
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file to write; missing parent directories are created.
    ///   - format: The format; by default the one the file's extension names (``StatecraftDiagrams/DiagramFormat/dot`` when the
    ///     extension names none).
    ///   - renderer: The renderer used for images.
    /// - Returns: `true` when the file was written, `false` when it already held this diagram.
    /// - Throws: ``StatecraftDiagrams/DiagramError`` when the diagram cannot be rendered or the file cannot be written.
    @discardableResult
    public func write(to url: URL, format: DiagramFormat? = nil, renderer: GraphvizRenderer = GraphvizRenderer())
        throws(DiagramError) -> Bool
    {
        let format = format ?? DiagramFormat(fileExtension: url.pathExtension) ?? .dot
        let content = try diagram(format, renderer: renderer)
        if _OutputFile.holds(content, atPath: url.path) { return false }
        do {
            // `Docs/screen.mmd` in a fresh checkout: create the folders on the way, as `mkdir -p` would.
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: url.path, reason: error.localizedDescription)
        }
        try _OutputFile.write(content, toPath: url.path)
        return true
    }
}
