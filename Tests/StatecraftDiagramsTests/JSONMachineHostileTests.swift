import Foundation
import Statecraft
import StatecraftSCXML
import Testing

@testable import StatecraftDiagrams

/// Machine files that `MachineDescription` accepted but the SCXML conversion refused later without a line, and
/// deep machines whose exporters recursed or indented without bound (issue 17).
@Suite("JSON machine files: hostile input")
struct JSONMachineHostileTests {
    static func error(_ text: String, maximumNestingDepth: Int = JSONMachineFormat.defaultMaximumNestingDepth)
        -> JSONMachineFormatError?
    {
        do {
            _ = try JSONMachineFormat.decode(Data(text.utf8), file: "m.json", maximumNestingDepth: maximumNestingDepth)
            return nil
        } catch {
            return error
        }
    }

    static func machine(
        states: String, transitions: String = "", events: String = #"{"id": "go"}"#,
        initial: String = "a"
    ) -> String {
        """
        {"format": "statecraft-machine", "version": 1, "initialState": "\(initial)",
        "events": [\(events)],
        "states": [
        \(states)
        ],
        "transitions": [
        \(transitions)
        ]}
        """
    }

    @Test func aTopLevelHistoryStateIsRejectedWithItsLine() throws {
        let text = Self.machine(
            states: """
                {"id": "a"},
                {"id": "h", "kind": "shallowHistory"}
                """)
        let error = try #require(Self.error(text))
        #expect(error.location == TextLocation(line: 5, column: 21))
        #expect(error.problem.contains("the history state 'h' has no parent"))
    }

    @Test func aTransitionOutOfAFinalStateIsRejectedWithItsLine() throws {
        let text = Self.machine(
            states: #"{"id": "a", "kind": "final"}, {"id": "b"}"#,
            transitions: #"{"source": "a", "event": "go", "targets": ["b"]}"#)
        let error = try #require(Self.error(text))
        #expect(error.location.line == 7)
        #expect(error.problem.contains("leaves the final state 'a'"))
    }

    @Test func emptyIdsAreRejectedWithTheirLine() throws {
        let state = try #require(Self.error(Self.machine(states: #"{"id": ""}"#, initial: "")))
        #expect(state.location.line == 4)
        #expect(state.problem == "state 0 has an empty id")
        let event = try #require(Self.error(Self.machine(states: #"{"id": "a"}"#, events: #"{"id": ""}"#)))
        #expect(event.location.line == 2)
        #expect(event.problem == "event 0 has an empty id")
    }

    @Test func aHistoryStateWithAnEventIsRejected() throws {
        let text = Self.machine(
            states: """
                {"id": "p", "kind": "compound", "initialChild": "a"}, {"id": "a", "parent": "p"},
                {"id": "h", "kind": "deepHistory", "parent": "p"}
                """, transitions: #"{"source": "h", "event": "go", "targets": ["a"]}"#, initial: "p")
        let error = try #require(Self.error(text))
        #expect(error.location.line == 8)
        #expect(error.problem.contains("history state 'h'"))
    }

    /// A chain of `depth` compound states, each the parent of the next.
    static func chain(_ depth: Int) -> String {
        let states = (0..<depth).map { index in
            var fields = [#""id": "s\#(index)""#]
            if index + 1 < depth { fields.append(#""kind": "compound", "initialChild": "s\#(index + 1)""#) }
            if index > 0 { fields.append(#""parent": "s\#(index - 1)""#) }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        return machine(
            states: states.joined(separator: ",\n"),
            transitions: #"{"source": "s\#(depth - 1)", "event": "go", "targets": ["s0"]}"#, initial: "s0")
    }

    @Test func parentChainsDeeperThanTheLimitAreRejected() throws {
        let error = try #require(Self.error(Self.chain(10_000)))
        #expect(error.location.line == 4 + 255)
        #expect(error.problem.contains("state 's255' is nested 256 deep, more than the limit of 255"))
        #expect(Self.error(Self.chain(300), maximumNestingDepth: 300) == nil)
    }

    @Test func everyExporterDrawsTheDeepestMachineAcceptedWithBoundedIndentation() throws {
        let description = try JSONMachineFormat.decode(Data(Self.chain(255).utf8), file: "m.json")
        for format in [DiagramFormat.dot, .mermaid, .plantuml, .json] {
            let text = String(decoding: try description.diagram(format), as: UTF8.self)
            let lines: [Substring] = text.split(separator: "\n")
            let widest = lines.map { line in line.prefix { $0 == " " }.count }.max() ?? 0
            #expect(widest <= 4 * (DiagramLayout.maximumIndentationLevels + 1) || format == .json, "\(format)")
        }
        #expect(throws: Never.self) { try SCXMLDocument(describing: description) }
    }

    @Test func duplicateFieldsAreStillFoundAmongManyKeys() throws {
        let fields = (0..<2_000).map { #""k\#($0)": 0"# } + [#""k1999": 1"#]
        let text = "{" + fields.joined(separator: ",\n") + "}"
        let error = try #require(Self.error(text))
        #expect(error.location.line == 2_001)
        #expect(error.problem.contains("field 'k1999' appears twice"))
    }
}
