import Foundation
import Statecraft
import StatecraftDiagrams

/// The chart drawn by Graphviz for a visualizer page: `DOTExporter`'s digraph (compound states as
/// clusters, parallel states dashed) rendered to SVG by `GraphvizRenderer`, then made ready to sit inside
/// HTML and be highlighted.
///
/// Graphviz writes each node and cluster as `<g id="…" class="node|cluster">` followed by a `<title>` holding
/// the DOT name: `N` for the state numbered N (states are numbered from 1 in description order) and
/// `cluster_N` for a state drawn as a cluster. The drawing gives those groups `data-state="ID"` and the
/// classes `sc-state sc-KIND` (`sc-region` too for a child of a parallel state), and drops the XML
/// prolog, the doctype and comments, so the SVG refers to nothing outside the page.
///
/// Edges are `<g id="edgeK" class="edge">`, numbered in the order the digraph lists them; the exporter
/// lists the transitions last, in description order, one edge per target (one for a targetless
/// transition). The drawing gives each of those `data-transition="T"`, T being the transition's position
/// in the description, so the page can show which transitions a step took.
public struct VisualizerDrawing: Sendable {
    /// The SVG element, annotated.
    public var svg: String

    /// The most states a drawing has. Graphviz's layout time grows much faster than the chart (3,000
    /// states in a ring: 6 s), so a larger chart is refused at once.
    public static let maximumStates = 1_500
    /// The most states with children — drawn as clusters, the costliest part of a layout — a drawing has
    /// (400 parallel regions of two states: 7 s; 1,000: minutes).
    public static let maximumClusters = 300

    /// Draws `machine` with Graphviz.
    ///
    /// - Parameters:
    ///   - machine: The machine's structure.
    ///   - renderer: Finds and runs `dot`.
    /// - Throws: ``VisualizerError/tooLargeToDraw(states:clusters:)`` when the machine has more than
    ///   ``maximumStates`` states or ``maximumClusters`` states with children, ``VisualizerError/drawing(_:)``
    ///   when `dot` is missing or fails.
    /// - Complexity: One run of `dot`, plus O(*n*) in the size of its output.
    public init(machine: MachineDescription, renderer: GraphvizRenderer = GraphvizRenderer()) throws(VisualizerError) {
        try Self.checkSize(of: machine)
        let image: Data
        do {
            image = try renderer.render(DOTExporter().export(machine), as: .svg)
        } catch {
            throw .drawing(error)
        }
        self.init(graphvizSVG: String(decoding: image, as: UTF8.self), machine: machine)
    }

    /// Checks that a page can draw `machine`: at most ``maximumStates`` states and ``maximumClusters``
    /// states with children. Check before exploring a machine whose drawing may be refused.
    ///
    /// - Parameter machine: The machine's structure.
    /// - Throws: ``VisualizerError/tooLargeToDraw(states:clusters:)`` when it is too large.
    /// - Complexity: O(*s*) for *s* states.
    public static func checkSize(of machine: MachineDescription) throws(VisualizerError) {
        let parents = Set(machine.states.compactMap(\.parent))
        guard machine.states.count <= maximumStates && parents.count <= maximumClusters else {
            throw .tooLargeToDraw(states: machine.states.count, clusters: parents.count)
        }
    }

    /// Annotates SVG that Graphviz drew from `DOTExporter`'s digraph of `machine`.
    ///
    /// - Parameters:
    ///   - graphvizSVG: `dot -Tsvg`'s output.
    ///   - machine: The machine the digraph was exported from.
    /// - Complexity: O(*n*) in the size of the SVG.
    public init(graphvizSVG: String, machine: MachineDescription) {
        var statesByNumber: [String: StateDescription] = [:]
        var parents: [String: StateDescription.Kind] = [:]
        for (index, state) in machine.states.enumerated() {
            statesByNumber[String(index + 1)] = state
            parents[state.id] = state.kind
        }
        var lines: [Substring] = []
        var pendingGroup: Int?
        var text = Substring(graphvizSVG)
        if let start = text.range(of: "<svg") { text = text[start.lowerBound...] }
        let source = Self.withoutComments(text).split(separator: "\n", omittingEmptySubsequences: false)
        let transitionOfEdge = Self.transitionsByEdgeNumber(
            edgeCount: source.count { $0.hasPrefix("<g id=\"edge") && $0.hasSuffix("class=\"edge\">") },
            machine: machine)
        for line in source {
            defer { if !line.hasPrefix("<g id=") { pendingGroup = nil } }
            if line.hasPrefix("<g id=\"edge"), line.hasSuffix("\" class=\"edge\">"),
                let number = Int(line.dropFirst("<g id=\"edge".count).prefix { $0.isNumber }),
                let transition = transitionOfEdge[number]
            {
                lines.append(line.dropLast(2) + " sc-transition\" data-transition=\"\(transition)\">")
                continue
            }
            if line.hasPrefix("<g id="), line.hasSuffix("class=\"node\">") || line.hasSuffix("class=\"cluster\">") {
                pendingGroup = lines.count
                lines.append(line)
                continue
            }
            if let group = pendingGroup, line.hasPrefix("<title>"), line.hasSuffix("</title>") {
                var name = line.dropFirst("<title>".count).dropLast("</title>".count)
                if name.hasPrefix("cluster_") { name = name.dropFirst("cluster_".count) }
                if let state = statesByNumber[String(name)] {
                    var classes = "sc-state sc-\(state.kind.rawValue)"
                    if let parent = state.parent, parents[parent] == .parallel { classes += " sc-region" }
                    let opening = lines[group].dropLast(2) // `">`
                    lines[group] = opening + " \(classes)\" data-state=\"\(Self.escaped(state.id))\">"
                }
            }
            lines.append(line)
        }
        svg = lines.joined(separator: "\n")
    }

    /// The position of the transition each of the last edges stands for, by Graphviz's edge number (from 1).
    static func transitionsByEdgeNumber(edgeCount: Int, machine: MachineDescription) -> [Int: Int] {
        let transitionEdges = machine.transitions.reduce(0) { $0 + max(1, $1.targets.count) }
        var result: [Int: Int] = [:]
        var number = edgeCount - transitionEdges + 1
        guard number >= 1 else { return result }
        for (position, transition) in machine.transitions.enumerated() {
            for _ in 0..<max(1, transition.targets.count) {
                result[number] = position
                number += 1
            }
        }
        return result
    }

    /// `text` without XML comments (`<!-- … -->`).
    static func withoutComments(_ text: Substring) -> String {
        var result = ""
        var rest = text
        while let start = rest.range(of: "<!--") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "-->") else { return result }
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    /// `text` escaped for an HTML or XML attribute value in double quotes.
    ///
    /// - Parameter text: Any text.
    /// - Returns: The text with `&`, `<`, `>`, `"` and `'` as character references.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
