/// A `<state>`, `<parallel>`, `<final>`, `<history>` or `<initial>` element and everything inside it.
///
/// States without an `id` get a generated one, `__state.N`, numbered in document order and never clashing
/// with an id the document spells out; ``hasGeneratedID`` tells them apart, and the exporter leaves such ids out.
public struct SCXMLStateNode: Hashable, Sendable {
    /// What kind of element a state node is.
    public enum Kind: Hashable, Sendable {
        /// `<state>`: atomic when it has no child states, compound otherwise.
        case state
        /// `<parallel>`: all child states are active at once.
        case parallel
        /// `<final>`.
        case final
        /// `<history>`: a pseudo-state that remembers the parent's last active children.
        case history(HistoryType)
        /// `<initial>`: a pseudo-state whose single transition picks a compound state's initial children.
        case initial
    }

    /// How much a history state remembers (its `type` attribute).
    public enum HistoryType: String, Hashable, Sendable, CaseIterable {
        /// The parent's active children only (the default).
        case shallow
        /// The parent's active atomic descendants.
        case deep
    }

    /// The element's kind.
    public var kind: Kind
    /// The id: as written, or generated (`__state.N`) when the element has none.
    public var id: String
    /// Whether ``id`` was generated because the element had no `id` attribute.
    public var hasGeneratedID: Bool
    /// The ids in the `initial` attribute of a `<state>`; empty when absent.
    public var initial: [String]
    /// Child states (including `<initial>` and `<history>` pseudo-states) in document order.
    public var children: [SCXMLStateNode]
    /// Outgoing transitions in document order; the single default transition of `<history>` and `<initial>`.
    public var transitions: [SCXMLTransitionNode]
    /// One block per `<onentry>` element, run in document order; an error ends only its own block.
    public var onEntry: [[SCXMLExecutableContent]]
    /// One block per `<onexit>` element, run in document order.
    public var onExit: [[SCXMLExecutableContent]]
    /// The data elements of the state's `<datamodel>`.
    public var data: [SCXMLDataNode]
    /// The `<donedata>` of a `<final>`: the data of the `done.state.PARENT` event its entry raises.
    public var doneData: SCXMLEventData?
    /// Where the element is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates a state node.
    ///
    /// - Parameters:
    ///   - kind: the element's kind.
    ///   - id: the id.
    ///   - hasGeneratedID: whether the id was generated.
    ///   - initial: the `initial` attribute's ids.
    ///   - children: child states.
    ///   - transitions: outgoing transitions.
    ///   - onEntry: `<onentry>` blocks.
    ///   - onExit: `<onexit>` blocks.
    ///   - data: data elements.
    ///   - sourceLocation: where the element is.
    public init(
        kind: Kind,
        id: String,
        hasGeneratedID: Bool = false,
        initial: [String] = [],
        children: [SCXMLStateNode] = [],
        transitions: [SCXMLTransitionNode] = [],
        onEntry: [[SCXMLExecutableContent]] = [],
        onExit: [[SCXMLExecutableContent]] = [],
        data: [SCXMLDataNode] = [],
        sourceLocation: SCXMLSourceLocation = .unknown
    ) {
        self.kind = kind
        self.id = id
        self.hasGeneratedID = hasGeneratedID
        self.initial = initial
        self.children = children
        self.transitions = transitions
        self.onEntry = onEntry
        self.onExit = onExit
        self.data = data
        self.sourceLocation = sourceLocation
    }

    /// Whether the node is a `<history>` or `<initial>` pseudo-state, which is never active itself.
    public var isPseudoState: Bool {
        switch kind {
        case .history, .initial: true
        case .state, .parallel, .final: false
        }
    }

    /// The child nodes that are real states (not `<history>` or `<initial>`).
    ///
    /// - Complexity: O(*n*) in the number of children.
    public var childStates: [SCXMLStateNode] {
        children.filter { !$0.isPseudoState }
    }

    /// Whether the node is a `<state>` with child states.
    public var isCompound: Bool {
        kind == .state && children.contains { !$0.isPseudoState }
    }

    /// Whether the node is a `<state>` without child states, or a `<final>`.
    public var isAtomic: Bool {
        (kind == .state || kind == .final) && !children.contains { !$0.isPseudoState }
    }

    /// The `<initial>` pseudo-state among the children, if any.
    public var initialChild: SCXMLStateNode? {
        children.first { $0.kind == .initial }
    }
}
