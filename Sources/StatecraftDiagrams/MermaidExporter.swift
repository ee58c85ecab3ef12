import Statecraft

/// Writes a machine as a Mermaid `stateDiagram-v2`, which GitHub renders inside a `mermaid` code
/// block in Markdown.
///
/// ```
/// stateDiagram-v2
///     direction LR
///     state "List" as s1
///     state "Refreshing" as s2
///
///     [*] --> s1
///     s1 --> s2 : Refresh
/// ```
///
/// States get generated identifiers (`s1`, `s2`, … in order), so no label can collide with Mermaid's
/// keywords (`end`, `state`, `direction`, …); labels go in `state "…" as sN` declarations and after the
/// `:` of a transition. A state with children becomes a composite state (`state "…" as sN { … }`) with its
/// own `[*] -->` initial marker; a parallel state's regions are separated by `--` (its history states are
/// declared in the first region's section, not as regions of their own). A final state is drawn with a
/// transition to `[*]`, a history state as a state labelled `H` or `H*`.
///
/// Mermaid cannot draw a transition between states nested in different composite states; such a
/// transition is drawn between their outermost distinct ancestors, one between a composite state and its
/// own descendant as a loop on the composite state, and one between two regions of a parallel state as a
/// loop on the parallel state. Such a loop is left out when it has no label (a history state's default
/// transition into a region, an eventless unguarded transition), as it would say nothing.
///
/// Labels are escaped with Mermaid's entity codes: `"` as `#quot;`, `#` `;` `:` `%` `{` `}` as numeric codes
/// (`#35;`…), `<` `>` `&` as `#lt;` `#gt;` `#amp;`, the first `[` of `[[` as `#91;`, the `d` of the keyword
/// `direction` as `#100;`, a line break as `<br/>`, other control characters as spaces, an empty label as a
/// space; non-ASCII text is kept as it is.
public struct MermaidExporter: DiagramExporter {
    /// ``DiagramFormat/mermaid``.
    public var format: DiagramFormat { .mermaid }

    /// Creates an exporter.
    public init() {}

    /// The Mermaid text for `description`.
    ///
    /// - Parameter description: The machine to draw.
    /// - Returns: The diagram, ending with a newline.
    /// - Complexity: O(*s* · *d* + *t* · *k* · *d*) for *s* states nested *d* deep and *t* transitions of *k*
    ///   targets.
    public func export(_ description: MachineDescription) -> String {
        let layout = DiagramLayout(description)
        var edges = Edges()
        for transition in description.transitions {
            let label = layout.label(of: transition)
            let suffix = label.isEmpty ? "" : " : " + Self.escaped(label)
            let targets = transition.targets.isEmpty ? [transition.source] : transition.targets
            for target in targets {
                let (scope, from, to) = Self.endpoints(transition.source, target, layout: layout)
                let isParallelScope = scope.map { layout.state($0).kind == .parallel } ?? false
                // A loop with no label says nothing: a history state's default transition into another region
                // of a parallel state, or an eventless, unguarded transition lifted onto a composite state.
                if label.isEmpty, from == to || isParallelScope { continue }
                if let scope, isParallelScope {
                    if from == to {
                        // A loop on a region: drawn in the region's own section, after its block.
                        edges.byRegion[from, default: []].append("\(id(from, layout)) --> \(id(to, layout))\(suffix)")
                    } else {
                        // Between two regions: Mermaid has no place for it; a loop on the parallel state.
                        let parent = layout.state(scope).parent
                        edges.byScope[parent, default: []].append(
                            "\(id(scope, layout)) --> \(id(scope, layout))\(suffix)")
                    }
                } else {
                    edges.byScope[scope, default: []].append("\(id(from, layout)) --> \(id(to, layout))\(suffix)")
                }
            }
        }
        var lines = ["stateDiagram-v2", "    direction LR"]
        appendScope(nil, depth: 1, layout: layout, edges: edges, to: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    private func id(_ state: String, _ layout: DiagramLayout) -> String { "s\(layout.index(state))" }

    /// Transition lines by the scope that declares them, and loops on parallel regions by region.
    private struct Edges {
        var byScope: [String?: [String]] = [:]
        var byRegion: [String: [String]] = [:]
    }

    private func appendScope(
        _ scope: String?, depth: Int, layout: DiagramLayout, edges: Edges,
        to lines: inout [String]
    ) {
        let indent = DiagramLayout.indentation(depth)
        let children = scope.map(layout.children(of:)) ?? layout.topLevelStates
        let isParallel = scope.map { layout.state($0).kind == .parallel } ?? false
        // A parallel state's regions are separated by `--`; its history states are not regions, so they
        // go first, inside the first region's section.
        let ordered = isParallel ? children.filter(\.kind.isHistory) + children.filter { !$0.kind.isHistory } : children
        var regions = 0
        for child in ordered {
            if isParallel, !child.kind.isHistory {
                if regions > 0 { lines.append(indent + "--") }
                regions += 1
            }
            let declaration = "state \"\(Self.escaped(Self.label(of: child)))\" as \(id(child.id, layout))"
            if layout.isContainer(child.id) {
                lines.append(indent + declaration + " {")
                appendScope(child.id, depth: depth + 1, layout: layout, edges: edges, to: &lines)
                lines.append(indent + "}")
            } else {
                lines.append(indent + declaration)
            }
            if isParallel { lines += (edges.byRegion[child.id] ?? []).map { indent + $0 } }
        }
        var arrows: [String] = []
        if let scope {
            if let initial = layout.defaultChild(of: scope) {
                arrows.append("[*] --> " + id(Self.lifted(initial, into: scope, layout: layout), layout))
            }
        } else {
            arrows.append(
                "[*] --> "
                    + id(
                        Self.lifted(layout.description.initialState, into: nil, layout: layout),
                        layout))
        }
        for child in children where child.kind == .final { arrows.append(id(child.id, layout) + " --> [*]") }
        arrows += edges.byScope[scope] ?? []
        if scope == nil, !arrows.isEmpty { lines.append("") }
        lines += arrows.map { indent + $0 }
    }

    private static func label(of state: StateDescription) -> String {
        switch state.kind {
        case .shallowHistory: "H"
        case .deepHistory: "H*"
        case .atomic, .compound, .parallel, .final: state.label
        }
    }

    /// The ancestor of `state` (or `state` itself) that is a direct child of `scope`.
    private static func lifted(_ state: String, into scope: String?, layout: DiagramLayout) -> String {
        let path = layout.path(to: state)
        guard let scope else { return path[0] }
        guard let position = path.firstIndex(of: scope), position + 1 < path.count else { return state }
        return path[position + 1]
    }

    /// Where a transition from `source` to `target` is declared, and the states it is drawn between.
    private static func endpoints(_ source: String, _ target: String, layout: DiagramLayout)
        -> (scope: String?, from: String, to: String)
    {
        let sourcePath = layout.path(to: source)
        let targetPath = layout.path(to: target)
        var common = 0
        while common < min(sourcePath.count, targetPath.count), sourcePath[common] == targetPath[common] {
            common += 1
        }
        if common < sourcePath.count, common < targetPath.count {
            return (common == 0 ? nil : sourcePath[common - 1], sourcePath[common], targetPath[common])
        }
        // One is the other or contains it: a loop on the outer one, declared in its parent's scope.
        let outer = sourcePath[common - 1]
        return (common >= 2 ? sourcePath[common - 2] : nil, outer, outer)
    }

    /// `text` escaped for a Mermaid state description or transition label.
    ///
    /// - Parameter text: Any text.
    /// - Returns: The text with Mermaid's entity codes for characters its grammar reserves.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func escaped(_ text: String) -> String {
        if text.isEmpty { return " " }
        var result = ""
        var previousWasReturn = false
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            defer { previousWasReturn = scalar == "\r" }
            switch scalar {
            case "\"": result += "#quot;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            case "&": result += "#amp;"
            case "#", ";", ":", "%", "{", "}": result += "#\(scalar.value);"
            case "[" where index + 1 < scalars.count && scalars[index + 1] == "[":
                // `[[fork]]`, `[[join]]` and `[[choice]]` anywhere in a state declaration change its type.
                result += "#91;"
            case "\r": result += "<br/>"
            case "\n": if !previousWasReturn { result += "<br/>" }
            case _ where (scalar == "d" || scalar == "D") && startsKeyword("direction", in: scalars, at: index):
                result += "#\(scalar.value);"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func startsKeyword(_ keyword: String, in scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let word = Array(keyword.unicodeScalars)
        guard index + word.count <= scalars.count else { return false }
        for offset in word.indices where Character(scalars[index + offset]).lowercased() != String(word[offset]) {
            return false
        }
        return true
    }
}
