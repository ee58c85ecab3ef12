import Foundation
import Statecraft
import StatecraftDiagrams
import Testing

@Suite("JSON machine format")
struct JSONMachineFormatTests {
    static func decode(_ text: String) throws(JSONMachineFormatError) -> MachineDescription {
        try JSONMachineFormat.decode(Data(text.utf8), file: "m.json")
    }

    static func error(_ text: String) -> JSONMachineFormatError? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: GoldenFileTests.machines)
    func writtenMachinesReadBackUnchanged(name: String) throws {
        let description = try GoldenFileTests.machine(name)
        #expect(try Self.decode(JSONExporter().export(description)) == description)
    }

    @Test func jsonEscapesQuotesBackslashesAndControlsAndKeepsNonASCII() throws {
        let json = JSONExporter().export(try Fixtures.awkward())
        #expect(json.contains(#""label" : "Say \"hi\"""#))
        #expect(json.contains(#""label" : "back\\slash \\n not a break""#))
        #expect(json.contains(#""label" : "two\nlines""#))
        #expect(json.contains(#""label" : "tab\there""#))
        #expect(json.contains(#""label" : "Café ☕ 日本語 Ünïcödé""#))
    }

    @Test func minimalHandWrittenFileUsesDefaults() throws {
        let description = try Self.decode(
            """
            {"format": "statecraft-machine", "version": 1, "initialState": "a",
             "states": [{"id": "a"}, {"id": "b", "label": "B\\u00e9"}],
             "events": [{"id": "go"}],
             "transitions": [{"source": "a", "event": "go", "targets": ["b"]},
                             {"source": "b", "event": null, "targets": [], "kind": "internal"}]}
            """)
        #expect(description.states == [StateDescription(id: "a"), StateDescription(id: "b", label: "Bé")])
        #expect(
            description.transitions[1] == TransitionDescription(source: "b", event: nil, targets: [], kind: .internal))
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        let missingComma = Self.error("{\n  \"format\": \"statecraft-machine\"\n  \"version\": 1\n}")
        #expect(
            missingComma?.description
                == "m.json:3:3: malformed JSON: expected ',' or '}' after the value of 'format', found '\"'")
        #expect(Self.error("")?.description == "m.json:1:1: malformed JSON: the file is empty; expected a JSON object")
        #expect(Self.error("{\"a\": \"é\u{1}\"}")?.location == TextLocation(line: 1, column: 9))
        #expect(
            Self.error("{\"a\": tru}")?.description == "m.json:1:10: malformed JSON: unexpected '}'; expected 'true'")
        #expect(
            Self.error("[1, 2] x")?.description == "m.json:1:8: malformed JSON: unexpected 'x' after the JSON value")
        #expect(
            Self.error("{\"a\": 1, \"a\": 2}")?.description
                == "m.json:1:10: malformed JSON: field 'a' appears twice in the object")
        #expect(
            Self.error("{\"a\": \"unterminated")?.problem == "malformed JSON: unexpected end of file inside a string")
    }

    @Test func invalidUTF8IsAMalformedFile() throws {
        let error = #expect(throws: JSONMachineFormatError.self) {
            try JSONMachineFormat.decode(Data([0x7B, 0x22, 0xFF, 0x22, 0x7D]), file: "bad.json")
        }
        #expect(error?.description == "bad.json:1:3: malformed JSON: the file is not valid UTF-8")
    }

    static let header = "{\"format\": \"statecraft-machine\", \"version\": 1,\n"

    @Test func unsupportedVersionNamesTheVersion() {
        let error = Self.error("{\"format\": \"statecraft-machine\",\n \"version\": 2}")
        #expect(error == .unsupportedVersion(file: "m.json", location: TextLocation(line: 2, column: 13), version: "2"))
        #expect(error?.description == "m.json:2:13: unsupported format version 2; this statecraft reads version 1")
    }

    @Test func aLaterVersionIsReportedBeforeItsNewFields() {
        let error = Self.error("{\"format\": \"statecraft-machine\", \"version\": 2, \"regions\": []}")
        #expect(error?.problem == "unsupported format version 2; this statecraft reads version 1")
    }

    @Test func versionMustBeAnInteger() {
        #expect(
            Self.error("{\"format\": \"statecraft-machine\", \"version\": 1.5}")?.description
                == "m.json:1:45: field 'version' must be an integer, found 1.5")
        #expect(
            Self.error("{\"format\": \"statecraft-machine\", \"version\": \"1\"}")?.description
                == "m.json:1:45: field 'version' must be an integer, found a string")
    }

    @Test func structuralProblemsNameTheField() {
        #expect(Self.error("[]")?.description == "m.json:1:1: the document must be an object, found an array")
        #expect(
            Self.error("{\"format\": \"other\", \"version\": 1}")?.description
                == "m.json:1:12: field 'format' is \"other\"; expected \"statecraft-machine\"")
        #expect(
            Self.error(Self.header + "\"initialState\": 3}")?.description
                == "m.json:2:17: field 'initialState' of the document must be a string, found a number")
        #expect(
            Self.error(Self.header + "\"initialState\": \"a\", \"colour\": 1}")?.description
                == "m.json:2:22: the document has unknown field 'colour'; expected events, format, initialState, "
                + "name, states, transitions, version")
        #expect(
            Self.error(Self.header + "\"initialState\": \"a\", \"states\": [{\"id\": \"a\", \"kind\": \"weird\"}]}")?
                .description == "m.json:2:53: state 'a' has unknown kind 'weird'; expected one of atomic, compound, "
                + "parallel, final, shallowHistory, deepHistory")
        #expect(
            Self.error(
                Self.header
                    + "\"initialState\": \"a\", \"states\": [], \"events\": [], \"transitions\": [{\"source\": \"a\"}]}"
            )?
            .description == "m.json:2:66: transition 0 has no 'targets' field (use [] for a targetless transition)")
    }

    @Test func unknownIdentifiersPointAtTheReference() {
        let text =
            Self.header + """
                "initialState": "a",
                "states": [{"id": "a"}, {"id": "b"}],
                "events": [{"id": "go"}],
                "transitions": [
                  {"source": "a", "event": "go", "targets": ["b"]},
                  {"source": "b", "event": "go", "targets": ["a", "zz"]}
                ]}
                """
        #expect(
            Self.error(text)?.description
                == "m.json:7:51: transition 1 targets 'zz', which is not a declared state")
        let badEvent = text.replacingOccurrences(
            of: "\"event\": \"go\", \"targets\": [\"b\"]",
            with: "\"event\": \"stop\", \"targets\": [\"b\"]")
        #expect(
            Self.error(badEvent)?.description
                == "m.json:6:28: transition 0 is triggered by 'stop', which is not a declared event")
        let badInitial = text.replacingOccurrences(of: "\"initialState\": \"a\"", with: "\"initialState\": \"q\"")
        #expect(Self.error(badInitial)?.description == "m.json:2:17: the initial state 'q' is not a declared state")
        let duplicate = text.replacingOccurrences(of: "{\"id\": \"b\"}", with: "{\"id\": \"a\"}")
        #expect(Self.error(duplicate)?.description == "m.json:3:32: state 'a' is declared more than once")
    }
}
