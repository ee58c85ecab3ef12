import Statecraft

/// Turns a `MachineDescription` into the text of one diagram format.
///
/// Exporters read only the description, never a running machine, and are deterministic: the same
/// description always gives the same text.
public protocol DiagramExporter: Sendable {
    /// The format this exporter writes.
    var format: DiagramFormat { get }

    /// The diagram text for `description`, ending with a newline.
    ///
    /// - Parameter description: The machine to draw.
    /// - Returns: The text.
    func export(_ description: MachineDescription) -> String
}
