import Statecraft

/// Writes a machine in the Statecraft machine JSON format (``JSONMachineFormat``), which the `statecraft`
/// tool reads back.
///
/// Keys are sorted and the text pretty-printed, so the file changes only when the machine does. Strings are
/// escaped by JSON's rules (`\"`, `\\`, `\n`, `\u001F`…); non-ASCII text is kept as UTF-8.
public struct JSONExporter: DiagramExporter {
    /// ``DiagramFormat/json``.
    public var format: DiagramFormat { .json }

    /// Creates an exporter.
    public init() {}

    /// The JSON text for `description`.
    ///
    /// - Parameter description: The machine.
    /// - Returns: The document, ending with a newline.
    /// - Complexity: O(*n*) in the size of the description.
    public func export(_ description: MachineDescription) -> String {
        JSONMachineFormat.encode(description)
    }
}
