import Statecraft

/// Writes a machine as a Graphviz DOT digraph.
///
/// A flat machine gives the classic layout: left to right, an invisible start node `0` with an edge
/// labelled `START` to the initial state, states numbered from 1 in order, one labelled edge per
/// transition (when a chart's initial state is a cluster, node `0` carries the `START` text instead, so
/// that it stays at the arrow's start rather than floating inside the cluster):
///
/// ```
/// digraph {
///     graph [rankdir=LR]
///
///     0 [label="", shape=plaintext]
///     0 -> 1 [label="START"]
///
///     1 [label="List"]
///     2 [label="Refreshing"]
///
///     1 -> 2 [label="Refresh"]
/// }
/// ```
///
/// Statecharts add `compound=true, newrank=true`; a state with children becomes a cluster (`subgraph cluster_N`, dashed
/// for a parallel state) holding a point for its default child, and edges to or from it are clipped at
/// the cluster's border. Final states are double circles, history states circles labelled `H` or `H*`,
/// internal and targetless transitions dashed (a targetless one loops on its source). A guard's label
/// follows the event in brackets.
///
/// Labels are escaped for DOT's quoted strings: `"` and `\` are preceded by a backslash, a line break
/// becomes `\n`, other control characters become spaces, and any other text, non-ASCII included, is kept
/// as UTF-8.
public struct DOTExporter: DiagramExporter {
    /// ``DiagramFormat/dot``.
    public var format: DiagramFormat { .dot }

    /// Creates an exporter.
    public init() {}

    /// The DOT text for `description`.
    ///
    /// - Parameter description: The machine to draw.
    /// - Returns: The digraph, ending with a newline.
    /// - Complexity: O(*s* · *d* + *t* · *k* · *d*) for *s* states nested *d* deep and *t* transitions of *k*
    ///   targets.
    public func export(_ description: MachineDescription) -> String {
        let layout = DiagramLayout(description)
        let hierarchical = description.states.contains { layout.isContainer($0.id) }
        var lines = ["digraph {"]
        // `newrank` ranks clusters globally; without it Graphviz 2.43 fails ("trouble in init_rank") on some
        // statecharts whose edges cross cluster borders.
        lines.append(hierarchical ? "    graph [rankdir=LR, compound=true, newrank=true]" : "    graph [rankdir=LR]")
        lines.append("")
        if layout.isContainer(description.initialState) {
            // The arrow is clipped at the initial cluster's border, but Graphviz places an edge label by the
            // unclipped edge, inside the cluster, away from the arrow: the tail node carries the text instead.
            lines.append("    0 [label=\"START\", shape=plaintext]")
            lines.append("    " + edge(fromNode: "0", to: description.initialState, attributes: [], layout: layout))
        } else {
            lines.append("    0 [label=\"\", shape=plaintext]")
            lines.append(
                "    "
                    + edge(
                        fromNode: "0", to: description.initialState, attributes: ["label=\"START\""],
                        layout: layout))
        }
        lines.append("")
        for state in layout.topLevelStates {
            appendState(state, depth: 1, layout: layout, to: &lines)
        }
        if !description.transitions.isEmpty { lines.append("") }
        for transition in description.transitions {
            let targets = transition.targets.isEmpty ? [transition.source] : transition.targets
            let label = layout.label(of: transition)
            for target in targets {
                var attributes = label.isEmpty ? [] : ["label=\(Self.quoted(label))"]
                if transition.kind == .internal || transition.targets.isEmpty { attributes.append("style=dashed") }
                lines.append(
                    "    "
                        + edge(
                            from: transition.source, to: target, attributes: attributes,
                            layout: layout))
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func appendState(
        _ state: StateDescription, depth: Int, layout: DiagramLayout,
        to lines: inout [String]
    ) {
        let indent = DiagramLayout.indentation(depth)
        let number = layout.index(state.id)
        guard layout.isContainer(state.id) else {
            lines.append(indent + "\(number) [\(Self.nodeAttributes(state).joined(separator: ", "))]")
            return
        }
        lines.append(indent + "subgraph cluster_\(number) {")
        lines.append(indent + "    label=\(Self.quoted(state.label))")
        lines.append(indent + (state.kind == .parallel ? "    style=\"rounded,dashed\"" : "    style=rounded"))
        if let initial = layout.defaultChild(of: state.id) {
            lines.append(indent + "    i\(number) [label=\"\", shape=point]")
            lines.append(indent + "    " + edge(fromNode: "i\(number)", to: initial, attributes: [], layout: layout))
        }
        for child in layout.children(of: state.id) {
            appendState(child, depth: depth + 1, layout: layout, to: &lines)
        }
        lines.append(indent + "}")
    }

    private static func nodeAttributes(_ state: StateDescription) -> [String] {
        switch state.kind {
        case .atomic, .compound, .parallel: ["label=\(quoted(state.label))"]
        case .final: ["label=\(quoted(state.label))", "shape=doublecircle"]
        case .shallowHistory: ["label=\"H\"", "shape=circle"]
        case .deepHistory: ["label=\"H*\"", "shape=circle"]
        }
    }

    /// An edge from a literal node (`0`, `i2`) to the node standing for state `target`.
    private func edge(fromNode node: String, to target: String, attributes: [String], layout: DiagramLayout)
        -> String
    {
        edge(tail: node, sourceState: nil, to: target, attributes: attributes, layout: layout)
    }

    /// An edge between the nodes standing for states `source` and `target`, clipped at cluster borders.
    private func edge(from source: String, to target: String, attributes: [String], layout: DiagramLayout)
        -> String
    {
        edge(
            tail: String(layout.index(layout.representative(of: source))), sourceState: source, to: target,
            attributes: attributes, layout: layout)
    }

    private func edge(
        tail: String, sourceState source: String?, to target: String, attributes: [String],
        layout: DiagramLayout
    ) -> String {
        var attributes = attributes
        let isState = source != nil
        let source = source ?? ""
        let head = String(layout.index(layout.representative(of: target)))
        if isState, layout.isContainer(source), !layout.isWithin(target, source) {
            attributes.append("ltail=cluster_\(layout.index(source))")
        }
        if layout.isContainer(target), !(isState && layout.isWithin(source, target)) {
            attributes.append("lhead=cluster_\(layout.index(target))")
        }
        let list = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
        return "\(tail) -> \(head)\(list)"
    }

    /// `text` as a DOT quoted string.
    ///
    /// - Parameter text: Any text.
    /// - Returns: The text between double quotes, with `"` and `\` escaped, line breaks as `\n` and other
    ///   control characters replaced by spaces.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasReturn = scalar == "\r" }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\r": result += "\\n"
            case "\n": if !previousWasReturn { result += "\\n" }
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
