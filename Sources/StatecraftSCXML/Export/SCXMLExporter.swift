/// Writes an ``SCXMLDocument`` as SCXML text that validates against the W3C SCXML schema and parses back to
/// an equal document (source locations aside).
///
/// ```swift
/// let text = SCXMLExporter().export(document)
/// let again = try SCXMLParser.parse(string: text)
/// again.removingSourceLocations() == document.removingSourceLocations() // true
/// ```
///
/// Generated ids (``SCXMLStateNode/hasGeneratedID``) are left out, so the parser generates the same ones again.
/// Expressions are written in their canonical form (``SCXMLExpression/description``); delays as `Ns` or `Nms`.
public struct SCXMLExporter: Sendable {
    /// The text of one level of indentation.
    public var indentation: String

    /// Creates an exporter.
    ///
    /// - Parameter indentation: the text of one level of indentation; two spaces by default.
    public init(indentation: String = "  ") {
        self.indentation = indentation
    }

    /// Exports a document.
    ///
    /// - Parameter document: the document; validate documents built in code with ``SCXMLDocumentValidator``.
    /// - Returns: the SCXML text, with an XML declaration and a final newline.
    /// - Complexity: O(*n*) in the size of the document.
    public func export(_ document: SCXMLDocument) -> String {
        var writer = Writer(indentation: indentation)
        writer.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        var attributes: [(String, String?)] = [("xmlns", SCXMLElementReader.namespace), ("version", "1.0")]
        attributes.append(("name", document.name))
        attributes.append(("initial", document.initial.isEmpty ? nil : document.initial.joined(separator: " ")))
        attributes.append(("datamodel", document.datamodel.rawValue))
        attributes.append(("binding", document.binding == .early ? nil : document.binding.rawValue))
        writer.open("scxml", attributes, isEmpty: false)
        writer.depth += 1
        writeDatamodel(document.data, into: &writer)
        for script in document.scripts {
            write(.script(script), into: &writer)
        }
        for state in document.states {
            writeState(state, into: &writer)
        }
        writer.depth -= 1
        writer.close("scxml")
        return writer.text
    }

    private func writeDatamodel(_ data: [SCXMLDataNode], into writer: inout Writer) {
        guard !data.isEmpty else { return }
        writer.open("datamodel", [], isEmpty: false)
        writer.depth += 1
        for item in data {
            if let source = item.source {
                writer.open("data", [("id", item.id), ("src", source)], isEmpty: true)
            } else {
                writer.open("data", [("id", item.id), ("expr", item.expression?.description)], isEmpty: true)
            }
        }
        writer.depth -= 1
        writer.close("datamodel")
    }

    private func writeState(_ state: SCXMLStateNode, into writer: inout Writer) {
        let name: String
        var attributes: [(String, String?)] = [("id", state.hasGeneratedID ? nil : state.id)]
        switch state.kind {
        case .state:
            name = "state"
            attributes.append(("initial", state.initial.isEmpty ? nil : state.initial.joined(separator: " ")))
        case .parallel: name = "parallel"
        case .final: name = "final"
        case .history(let type):
            name = "history"
            attributes.append(("type", type == .shallow ? nil : type.rawValue))
        case .initial:
            name = "initial"
            attributes = []
        }
        let isEmpty =
            state.children.isEmpty && state.transitions.isEmpty && state.onEntry.isEmpty
            && state.onExit.isEmpty && state.data.isEmpty && state.doneData == nil && state.invokes.isEmpty
        writer.open(name, attributes, isEmpty: isEmpty)
        guard !isEmpty else { return }
        writer.depth += 1
        writeDatamodel(state.data, into: &writer)
        for block in state.onEntry {
            writeBlock("onentry", [], block, into: &writer)
        }
        for block in state.onExit {
            writeBlock("onexit", [], block, into: &writer)
        }
        if let doneData = state.doneData {
            writeEventData("donedata", [], doneData, into: &writer)
        }
        for invoke in state.invokes {
            writeInvoke(invoke, into: &writer)
        }
        for transition in state.transitions {
            writeBlock(
                "transition",
                [
                    (
                        "event",
                        transition.events.isEmpty
                            ? nil
                            // An empty descriptor (written `.*`, matching nothing) is written back as `.*`.
                            : transition.events.map { $0.value.isEmpty ? ".*" : $0.value }.joined(separator: " ")
                    ),
                    ("cond", transition.condition?.description),
                    ("target", transition.targets.isEmpty ? nil : transition.targets.joined(separator: " ")),
                    ("type", transition.type == .external ? nil : transition.type.rawValue),
                ], transition.content, into: &writer)
        }
        for child in state.children {
            writeState(child, into: &writer)
        }
        writer.depth -= 1
        writer.close(name)
    }

    /// Writes an `<invoke>` with its `<param>`, `<content>` (an inline document, indented) and `<finalize>`.
    private func writeInvoke(_ invoke: SCXMLInvoke, into writer: inout Writer) {
        var attributes: [(String, String?)] = []
        if let type = invoke.type { attributes += Self.pair("type", "typeexpr", type) { $0 } }
        if let source = invoke.source { attributes += Self.pair("src", "srcexpr", source) { $0 } }
        attributes += [
            ("id", invoke.id), ("idlocation", invoke.idLocation), ("autoforward", invoke.autoforward ? "true" : nil),
            ("namelist", invoke.namelist.isEmpty ? nil : invoke.namelist.joined(separator: " ")),
        ]
        let isEmpty =
            invoke.params.isEmpty && invoke.content == nil && invoke.contentExpression == nil
            && invoke.finalize.isEmpty
        writer.open("invoke", attributes, isEmpty: isEmpty)
        guard !isEmpty else { return }
        writer.depth += 1
        for param in invoke.params {
            writer.open("param", [("name", param.name), ("expr", param.expression.description)], isEmpty: true)
        }
        if let expression = invoke.contentExpression {
            writer.open("content", [("expr", expression.description)], isEmpty: true)
        }
        if let child = invoke.content {
            writer.open("content", [], isEmpty: false)
            writer.depth += 1
            // The child document without its XML declaration, one level deeper.
            for line in export(child).split(separator: "\n").dropFirst() { writer.line(String(line)) }
            writer.depth -= 1
            writer.close("content")
        }
        if !invoke.finalize.isEmpty {
            writeBlock("finalize", [], invoke.finalize, into: &writer)
        }
        writer.depth -= 1
        writer.close("invoke")
    }

    private func writeBlock(
        _ name: String, _ attributes: [(String, String?)], _ content: [SCXMLExecutableContent],
        into writer: inout Writer
    ) {
        writer.open(name, attributes, isEmpty: content.isEmpty)
        guard !content.isEmpty else { return }
        writer.depth += 1
        content.forEach { write($0, into: &writer) }
        writer.depth -= 1
        writer.close(name)
    }

    /// Writes `<send>` or `<donedata>` with its `<param>` and `<content>` children.
    private func writeEventData(
        _ name: String, _ attributes: [(String, String?)], _ data: SCXMLEventData, into writer: inout Writer
    ) {
        let isEmpty = data.params.isEmpty && data.content == nil
        writer.open(name, attributes, isEmpty: isEmpty)
        guard !isEmpty else { return }
        writer.depth += 1
        for param in data.params {
            switch param.value {
            case .expression(let expression):
                writer.open("param", [("name", param.name), ("expr", expression.description)], isEmpty: true)
            case .location(let location):
                writer.open("param", [("name", param.name), ("location", location)], isEmpty: true)
            }
        }
        switch data.content {
        case .expression(let expression):
            writer.open("content", [("expr", expression.description)], isEmpty: true)
        case .value(let value):
            // Inline text, read back as the same constant (a string whose text reads as a constant, such
            // as '123', comes back as that constant).
            let text = value.stringValue ?? SCXMLExpression.literal(value).description
            writer.line("<content>" + text.escapingXMLAttribute() + "</content>")
        case nil:
            break
        }
        writer.depth -= 1
        writer.close(name)
    }

    private func write(_ content: SCXMLExecutableContent, into writer: inout Writer) {
        switch content {
        case .raise(let raise):
            writer.open("raise", [("event", raise.event)], isEmpty: true)
        case .log(let log):
            writer.open("log", [("label", log.label), ("expr", log.expression?.description)], isEmpty: true)
        case .assign(let assign):
            writer.open(
                "assign", [("location", assign.location), ("expr", assign.expression.description)],
                isEmpty: true)
        case .cancel(let cancel):
            writer.open("cancel", Self.pair("sendid", "sendidexpr", cancel.sendID) { $0 }, isEmpty: true)
        case .send(let send):
            var attributes = send.event.map { Self.pair("event", "eventexpr", $0) { $0 } } ?? []
            attributes += send.target.map { Self.pair("target", "targetexpr", $0) { $0 } } ?? []
            attributes += send.type.map { Self.pair("type", "typeexpr", $0) { $0 } } ?? []
            attributes += send.delay.map { Self.pair("delay", "delayexpr", $0, SCXMLDelayParser.format) } ?? []
            switch send.id {
            case .literal(let id): attributes.append(("id", id))
            case .location(let location): attributes.append(("idlocation", location))
            case nil: break
            }
            attributes.append(("namelist", send.namelist.isEmpty ? nil : send.namelist.joined(separator: " ")))
            writeEventData(
                "send", attributes, SCXMLEventData(params: send.params, content: send.content), into: &writer)
        case .foreach(let foreach):
            writeBlock(
                "foreach", [("array", foreach.array.description), ("item", foreach.item), ("index", foreach.index)],
                foreach.content, into: &writer)
        case .script(let script):
            writer.open("script", [], isEmpty: script.statements.isEmpty)
            guard !script.statements.isEmpty else { return }
            writer.depth += 1
            for statement in script.statements {
                writer.line(statement.description.escapingXMLAttribute())
            }
            writer.depth -= 1
            writer.close("script")
        case .if(let conditional):
            guard let first = conditional.branches.first else {
                // An <if> without branches runs its else partition unconditionally: write it as `if true`.
                write(
                    .if(
                        SCXMLIf(branches: [
                            SCXMLIf.Branch(
                                condition: .literal(true),
                                content: conditional.elseContent ?? [])
                        ])),
                    into: &writer)
                return
            }
            writer.open("if", [("cond", first.condition.description)], isEmpty: false)
            writer.depth += 1
            first.content.forEach { write($0, into: &writer) }
            for branch in conditional.branches.dropFirst() {
                writer.depth -= 1
                writer.open("elseif", [("cond", branch.condition.description)], isEmpty: true)
                writer.depth += 1
                branch.content.forEach { write($0, into: &writer) }
            }
            if let elseContent = conditional.elseContent {
                writer.depth -= 1
                writer.open("else", [], isEmpty: true)
                writer.depth += 1
                elseContent.forEach { write($0, into: &writer) }
            }
            writer.depth -= 1
            writer.close("if")
        }
    }

    private static func pair<Literal>(
        _ literalName: String, _ expressionName: String, _ value: SCXMLLiteralOrExpression<Literal>,
        _ format: (Literal) -> String
    ) -> [(String, String?)] {
        switch value {
        case .literal(let literal): [(literalName, format(literal))]
        case .expression(let expression): [(expressionName, expression.description)]
        }
    }

    /// Accumulates indented lines of XML.
    private struct Writer {
        let indentation: String
        var depth = 0
        var text = ""

        mutating func line(_ content: String) {
            text += String(repeating: indentation, count: depth) + content + "\n"
        }

        mutating func open(_ name: String, _ attributes: [(String, String?)], isEmpty: Bool) {
            var tag = "<" + name
            for (attribute, value) in attributes {
                if let value {
                    tag += " \(attribute)=\"\(value.escapingXMLAttribute())\""
                }
            }
            line(tag + (isEmpty ? "/>" : ">"))
        }

        mutating func close(_ name: String) {
            line("</\(name)>")
        }
    }
}
