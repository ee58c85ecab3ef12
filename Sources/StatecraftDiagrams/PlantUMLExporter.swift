import Statecraft

/// Writes a machine as a PlantUML state diagram.
///
/// ```
/// @startuml
/// hide empty description
/// left to right direction
/// state "List" as s1
/// state "Refreshing" as s2
///
/// [*] --> s1
/// s1 --> s2 : Refresh
/// @enduml
/// ```
///
/// States get generated identifiers (`s1`, `s2`, … in order), so no label can collide with PlantUML's
/// keywords. A state with children becomes a composite state (`state "…" as sN { … }`) with its own
/// `[*] -->` initial marker; a parallel state's regions are separated by `||`. A final state is drawn with
/// a transition to `[*]`; history states use the `<<history>>` and `<<history*>>` stereotypes. Internal
/// and targetless transitions are dashed (a targetless one loops on its source). PlantUML cannot link a
/// state inside a parallel region with one outside it; such a transition is drawn from (or to) the
/// parallel state itself, and one between two of its regions as a loop on it.
///
/// Labels are escaped with PlantUML's `<U+XXXX>` code points for `"`, `'`, `<`, `>`, `[`, `]`, `{`, `}`,
/// `%`, `~`, for doubled Creole markup characters (`**`, `//`, `__`, `--`, `^^`, `==`) and for Creole
/// list, heading and table markers at the start of a line (`-`, `*`, `#`, `=`, `|`, `+`); a backslash
/// becomes `\\`, a line break `\n`, other control characters spaces, an empty label a space; non-ASCII
/// text is kept.
public struct PlantUMLExporter: DiagramExporter {
    /// ``DiagramFormat/plantuml``.
    public var format: DiagramFormat { .plantuml }

    /// Creates an exporter.
    public init() {}

    /// The PlantUML text for `description`.
    ///
    /// - Parameter description: The machine to draw.
    /// - Returns: The diagram from `@startuml` to `@enduml`, ending with a newline.
    /// - Complexity: O(*s* · *d* + *t* · *k*) for *s* states nested *d* deep and *t* transitions of *k*
    ///   targets.
    public func export(_ description: MachineDescription) -> String {
        let layout = DiagramLayout(description)
        var lines = ["@startuml", "hide empty description", "left to right direction"]
        if let name = description.name, !name.isEmpty { lines.append("title " + Self.escaped(name)) }
        appendScope(nil, depth: 0, layout: layout, to: &lines)
        lines.append("")
        lines.append("[*] --> " + id(description.initialState, layout))
        for state in description.states where state.kind == .final && state.parent == nil {
            lines.append(id(state.id, layout) + " --> [*]")
        }
        for transition in description.transitions {
            let label = layout.label(of: transition)
            let suffix = label.isEmpty ? "" : " : " + Self.escaped(label)
            let dashed = transition.kind == .internal || transition.targets.isEmpty
            let arrow = dashed ? " -[dashed]-> " : " --> "
            let targets = transition.targets.isEmpty ? [transition.source] : transition.targets
            for target in targets {
                let (from, to) = Self.endpoints(transition.source, target, layout: layout)
                lines.append(id(from, layout) + arrow + id(to, layout) + suffix)
            }
        }
        lines.append("@enduml")
        return lines.joined(separator: "\n") + "\n"
    }

    private func id(_ state: String, _ layout: DiagramLayout) -> String { "s\(layout.index(state))" }

    /// The states a transition is drawn between: PlantUML cannot link a state inside a parallel state's
    /// region with a state outside that region, so such an endpoint is lifted to the outermost parallel
    /// state that separates it from the other endpoint, and a transition between two regions of one
    /// parallel state becomes a loop on that state.
    private static func endpoints(_ source: String, _ target: String, layout: DiagramLayout)
        -> (from: String, to: String)
    {
        let sourcePath = layout.path(to: source)
        let targetPath = layout.path(to: target)
        var common = 0
        while common < min(sourcePath.count, targetPath.count), sourcePath[common] == targetPath[common] {
            common += 1
        }
        func lifted(_ path: [String]) -> String {
            // The common ancestor is parallel: the endpoints are in different regions, which PlantUML
            // cannot link either; draw a loop on the parallel state.
            if common > 0, common < path.count, layout.state(path[common - 1]).kind == .parallel {
                return path[common - 1]
            }
            for index in common..<max(common, path.count - 1) where layout.state(path[index]).kind == .parallel {
                return path[index]
            }
            return path[path.count - 1]
        }
        return (lifted(sourcePath), lifted(targetPath))
    }

    private func appendScope(_ scope: String?, depth: Int, layout: DiagramLayout, to lines: inout [String]) {
        let indent = DiagramLayout.indentation(depth)
        let children = scope.map(layout.children(of:)) ?? layout.topLevelStates
        let isParallel = scope.map { layout.state($0).kind == .parallel } ?? false
        for (position, child) in children.enumerated() {
            if isParallel, position > 0 { lines.append(indent + "||") }
            var declaration = "state \"\(Self.escaped(child.label))\" as \(id(child.id, layout))"
            switch child.kind {
            case .shallowHistory: declaration += " <<history>>"
            case .deepHistory: declaration += " <<history*>>"
            case .atomic, .compound, .parallel, .final: break
            }
            guard layout.isContainer(child.id) else {
                lines.append(indent + declaration)
                continue
            }
            lines.append(indent + declaration + " {")
            appendScope(child.id, depth: depth + 1, layout: layout, to: &lines)
            let inner = indent + "    "
            if let initial = layout.defaultChild(of: child.id) {
                lines.append(inner + "[*] --> " + id(initial, layout))
            }
            for grandchild in layout.children(of: child.id) where grandchild.kind == .final {
                lines.append(inner + id(grandchild.id, layout) + " --> [*]")
            }
            lines.append(indent + "}")
        }
    }

    /// `text` escaped for a PlantUML quoted state name or transition label.
    ///
    /// - Parameter text: Any text.
    /// - Returns: The text with PlantUML's `<U+XXXX>` code points for characters its grammar or Creole markup
    ///   reserves.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func escaped(_ text: String) -> String {
        if text.isEmpty { return " " } // PlantUML rejects an empty quoted name.
        var result = ""
        var previousWasReturn = false
        let scalars = Array(text.unicodeScalars)
        let creole: Set<Unicode.Scalar> = ["*", "/", "_", "-", "^", "="]
        // Creole lists, headings and tables at the start of a line.
        let lineStart: Set<Unicode.Scalar> = ["-", "*", "#", "=", "|", "+"]
        for (index, scalar) in scalars.enumerated() {
            defer { previousWasReturn = scalar == "\r" }
            let doubled =
                (index > 0 && scalars[index - 1] == scalar)
                || (index + 1 < scalars.count && scalars[index + 1] == scalar)
            let atLineStart = index == 0 || scalars[index - 1] == "\n" || scalars[index - 1] == "\r"
            switch scalar {
            case "\"", "'", "<", ">", "[", "]", "{", "}", "%", "~":
                result += codePoint(scalar)
            case _ where creole.contains(scalar) && doubled:
                result += codePoint(scalar)
            case _ where lineStart.contains(scalar) && atLineStart:
                result += codePoint(scalar)
            case "\\": result += "\\\\"
            case "\r": result += "\\n"
            case "\n": if !previousWasReturn { result += "\\n" }
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }
}
