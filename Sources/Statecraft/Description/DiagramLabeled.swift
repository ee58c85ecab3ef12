/// A value with a label for diagrams: the text a state or event shows, and the identity it has in a
/// ``MachineDescription``.
///
/// Conforming is optional. Probing a definition labels every value by ``diagramLabel`` when its type
/// conforms, and otherwise by its case name (``DiagramLabel/caseName(of:)``): `.fetching(progress: 0.4)` is
/// labelled `fetching`. Conform to choose other labels:
///
/// ```swift
/// extension ScreenState: DiagramLabeled {
///     var diagramLabel: String {
///         switch self {
///         case .list: "List"
///         case .refreshing: "Refreshing"
///         case .error: "Error"
///         }
///     }
/// }
/// ```
///
/// Values with the same label are the same state (or event) in a diagram, so give distinct states
/// distinct labels; values of one case with different payloads share their case's label by default.
public protocol DiagramLabeled {
    /// The text a diagram shows for this value; by default its case name.
    var diagramLabel: String { get }
}

extension DiagramLabeled {
    /// The case name of the value, without payload.
    public var diagramLabel: String { DiagramLabel.caseName(of: self) }
}

/// Finds the diagram label of any value.
public enum DiagramLabel {
    /// The label of `value`: its ``DiagramLabeled/diagramLabel`` when it conforms to ``DiagramLabeled``,
    /// otherwise its case name.
    ///
    /// - Parameter value: A state or event.
    /// - Returns: The label.
    public static func of(_ value: Any) -> String {
        if let labeled = value as? any DiagramLabeled { return labeled.diagramLabel }
        return caseName(of: value)
    }

    /// The name of the enum case `value` is, without its payload: `fetching` for
    /// `.fetching(progress: 0.4)`, `list` for `.list`. For other values, their description up to the first
    /// parenthesis.
    ///
    /// - Parameter value: Any value, usually an enum case.
    /// - Returns: The case name.
    /// - Complexity: O(*n*) in the length of the value's description.
    public static func caseName(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .enum, let name = mirror.children.first?.label {
            return name
        }
        let text = String(describing: value)
        guard let parenthesis = text.firstIndex(of: "("), parenthesis != text.startIndex else { return text }
        return String(text[..<parenthesis])
    }
}
