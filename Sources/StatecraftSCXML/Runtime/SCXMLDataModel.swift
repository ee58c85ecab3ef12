import Statecraft

/// The extended state of a chart built from an SCXML document: the data model's variables and the
/// bookkeeping the SCXML runtime needs (which data elements are bound, the counter for generated send ids).
///
/// It is the `Context` of ``SCXMLChart``; read it from a snapshot:
///
/// ```swift
/// let session = try SCXMLSession(document: document)
/// session.snapshot.context.variables["Var1"] // .number(1)
/// ```
public struct SCXMLDataModel: Hashable, Sendable {
    /// The declared variables and their values; a declared variable without a value holds `undefined`.
    public var variables: [String: SCXMLValue]
    /// The number of send ids generated so far (for `<send idlocation="…">`); the next one is
    /// `send.<generatedSendIDs + 1>`.
    public internal(set) var generatedSendIDs: Int
    /// The ids of the states whose `<datamodel>` has been bound (with late binding: entered once);
    /// the document's top-level data model is bound under the empty id.
    public internal(set) var boundScopes: Set<String>
    /// The data of the next `done.state.ID` event of each compound state, evaluated from `<donedata>` when
    /// its final child was entered; keyed by the compound state's id.
    public internal(set) var doneData: [String: SCXMLValue]

    /// Creates a data model.
    ///
    /// - Parameter variables: the variables and their values.
    public init(variables: [String: SCXMLValue] = [:]) {
        self.variables = variables
        self.generatedSendIDs = 0
        self.boundScopes = []
        self.doneData = [:]
    }

    /// Generates a fresh send id, `send.1`, `send.2`, …
    ///
    /// - Returns: an id no earlier call returned for this data model; `nil` once the counter is at
    ///   `Int.max` (a restored snapshot is checked against that, a session cannot count so far).
    mutating func makeSendID() -> String? {
        guard generatedSendIDs < .max else { return nil }
        generatedSendIDs += 1
        return "send.\(generatedSendIDs)"
    }
}

/// A chart built from an SCXML document: state ids are the document's ids, events are ``SCXMLEvent``s and
/// the context is the ``SCXMLDataModel``.
public typealias SCXMLChart = Statechart<String, SCXMLEvent, SCXMLDataModel>

/// The snapshot of a running ``SCXMLChart``.
public typealias SCXMLSnapshot = ChartSnapshot<String, SCXMLEvent, SCXMLDataModel>
