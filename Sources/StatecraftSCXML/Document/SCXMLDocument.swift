/// A parsed SCXML document: the `<scxml>` root with its states and data model.
///
/// Read one with ``SCXMLParser``; write one with ``SCXMLExporter``.
///
/// ```swift
/// let document = try SCXMLParser.parse(contentsOf: url)
/// document.states.map(\.id) // ["s0", "pass", "fail"]
/// ```
public struct SCXMLDocument: Hashable, Sendable {
    /// Which data model the document's expressions use (the `datamodel` attribute).
    public enum DatamodelKind: String, Hashable, Sendable, CaseIterable {
        /// `datamodel="null"` (the schema's default): no variables; conditions use only `In()`, `true` and `false`.
        case null
        /// `datamodel="ecmascript"`: the typed ECMAScript subset of ``SCXMLExpression``.
        case ecmascript
    }

    /// When data elements get their initial values (the `binding` attribute).
    public enum Binding: String, Hashable, Sendable, CaseIterable {
        /// All data elements are created and initialised when the document starts (the default).
        case early
        /// Each state's data elements are initialised when the state is first entered.
        case late
    }

    /// The `name` attribute, readable as `_name`.
    public var name: String?
    /// The ids of the initial states (the `initial` attribute); empty to start in the first child state.
    public var initial: [String]
    /// The data model kind.
    public var datamodel: DatamodelKind
    /// The binding of data elements.
    public var binding: Binding
    /// The top-level states, parallel states and final states, in document order.
    public var states: [SCXMLStateNode]
    /// The data elements of the top-level `<datamodel>`.
    public var data: [SCXMLDataNode]
    /// The `<script>` children of `<scxml>`, run once when the document starts, after its data is bound.
    public var scripts: [SCXMLScript] = []
    /// Where the `<scxml>` element is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates a document.
    ///
    /// - Parameters:
    ///   - name: the `name` attribute.
    ///   - initial: the ids of the initial states.
    ///   - datamodel: the data model kind.
    ///   - binding: the binding of data elements.
    ///   - states: the top-level states.
    ///   - data: the top-level data elements.
    ///   - sourceLocation: where the `<scxml>` element is.
    public init(
        name: String? = nil,
        initial: [String] = [],
        datamodel: DatamodelKind = .null,
        binding: Binding = .early,
        states: [SCXMLStateNode] = [],
        data: [SCXMLDataNode] = [],
        sourceLocation: SCXMLSourceLocation = .unknown
    ) {
        self.name = name
        self.initial = initial
        self.datamodel = datamodel
        self.binding = binding
        self.states = states
        self.data = data
        self.sourceLocation = sourceLocation
    }
}
