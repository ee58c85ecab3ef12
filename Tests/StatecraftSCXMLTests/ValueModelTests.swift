import Foundation
import Testing

@testable import StatecraftSCXML

/// The ECMAScript value model: arrays and objects as Swift values, their printing, snapshots and limits.
@Suite("ECMAScript value model")
struct ValueModelTests {
    @Test(arguments: [
        "[1, 'a', [true, null]]", "{a: 1, 'b c': [2], '1': x}", "[].concat(Var1, [4])", "a[0].b['c'].d(1)",
        "typeof Var1 === 'undefined'", "'name' in _event && x instanceof Array", "- -x", "+ +x", "-(-1)",
        "a.b.c(1, 2).d", "1 == 0 | 2 != 2 & 3 ^ 4", "typeof -x", "!typeof x", "{}", "[]", "o.in.typeof",
        "(function(a, b) {if (a) if (b) return 1; var c = a; c = [c]; return; c})(1, x).length",
        "(function() {})()",
    ])
    func newFormsRoundTrip(text: String) throws {
        let expression = try SCXMLExpression.parse(text)
        #expect(try SCXMLExpression.parse(expression.description) == expression, "\(expression.description)")
    }

    @Test func callsOfValuesAndUnsupportedConstructsAreRejectedWithTheirName() {
        for (text, fragment) in [
            ("function(x) {return x;}", "functions are not values"), ("(function(x) {return x})", "called at once"),
            ("(function() {for (;;) {}})()", "'for' is not supported"), ("(function() {if (a) b; else c})()", "'else'"),
            ("new testobject()", "constructor calls"),
            ("++x == 2", "increment"), ("x--", "increment"), ("(f)(2)", "only global functions"),
        ] {
            do {
                let parsed = try SCXMLExpression.parse(text)
                Issue.record("\(text) parsed as \(parsed)")
            } catch {
                #expect(error.description.contains(fragment), "\(text): \(error)")
            }
        }
    }

    @Test func arraysAndObjectsSurviveASnapshot() throws {
        let value = SCXMLValue.object(
            SCXMLObject([
                ("z", .array([1, "a", .null, .undefined])), ("a", .object(SCXMLObject([("n", .number(.infinity))]))),
            ]))
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(SCXMLValue.self, from: data) == value)
        #expect(String(decoding: data, as: UTF8.self).contains(#"{"object":[["z""#))
    }

    @Test func objectsKeepInsertionOrderAndEqualityFollowsIt() {
        var object = SCXMLObject([("b", 1), ("a", 2), ("b", 3)])
        #expect(object.keys == ["b", "a"])
        #expect(object["b"] == 3)
        object["b"] = nil
        #expect(object.keys == ["a"])
        #expect(SCXMLValue.object(object).description == "[object Object]")
        #expect(SCXMLValue.array([1, .null, "x"]).description == "1,,x")
    }

    @Test func valuesCannotNestPastTheLimitOrGrowPastTheSize() throws {
        var environment = SCXMLExpressionEnvironment(variables: ["x": .array([])])
        environment.maximumValueDepth = 10
        let wrap = try SCXMLExpression.parse("[x]")
        for _ in 0..<9 {
            try environment.assign(try environment.evaluate(wrap), to: "x")
        }
        #expect(throws: SCXMLExpressionError.valueTooDeep(depth: 11, limit: 10)) {
            try environment.evaluate(wrap)
        }
        environment.maximumValueSize = 100
        environment.variables["s"] = .string(String(repeating: "a", count: 60))
        #expect(throws: SCXMLExpressionError.self) { try environment.evaluate(SCXMLExpression.parse("[s, s]")) }
        #expect(throws: SCXMLExpressionError.self) {
            try environment.evaluate(SCXMLExpression.parse("[1, 2, 3].join(s)"))
        }
        #expect(throws: SCXMLExpressionError.valueTooLarge(size: 480, limit: 100)) {
            try environment.evaluate(SCXMLExpression.parse("s.split('')"))
        }
    }

    @Test func aChartDoublingAnArrayStopsAtTheSizeLimit() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="x" expr="['abcdefgh']"/></datamodel>
            <state id="loop">
              <onentry><assign location="x" expr="x.concat(x)"/><send event="again"/></onentry>
              <transition event="again" target="loop"/>
              <transition event="error.execution" target="done"/>
            </state>
            <final id="done"/>
            """)
        #expect(session.run(events: [String]()) == .finished("done"))
        let errors = session.initialMacrostep.errors
        #expect(errors.isEmpty)
    }

    @Test func dataSourcesAreReadRelativeToTheDocument() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-src-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "[1, 2, 3]\n".write(to: directory.appendingPathComponent("list.txt"), atomically: true, encoding: .utf8)
        try "this  is\na string".write(
            to: directory.appendingPathComponent("text.txt"), atomically: true, encoding: .utf8)
        let document = TestSupport.document(
            """
            <datamodel>
              <data id="list" src="file:list.txt"/><data id="text" src="text.txt"/><data id="missing" src="nope.txt"/>
            </datamodel>
            <state id="s"><transition event="error.execution" target="t"/></state>
            <state id="t"/>
            """)
        let url = directory.appendingPathComponent("doc.scxml")
        try document.write(to: url, atomically: true, encoding: .utf8)
        let session = try SCXMLSession(contentsOf: url)
        let variables = session.snapshot.context.variables
        #expect(variables["list"] == .array([1, 2, 3]))
        #expect(variables["text"] == "this is a string")
        #expect(variables["missing"] == .undefined)
        session.processQueuedEvents()
        #expect(session.snapshot.configuration == ["t"])
        #expect(session.initialMacrostep.errors.first?.contains("nope.txt") == true)
    }

    /// The load error `W3CConformance.md` shows for a chart that needs more than the subset.
    @Test func theDocumentedLoadErrorForAFunction() {
        let text = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
              <datamodel>
                <data id="inc" expr="function(x) { return x + 1; }"/>
              </datamodel>
              <state id="s"/>
            </scxml>
            """
        let error = TestSupport.parseError(text, file: "needs-more.scxml")
        #expect(
            error?.description
                == "needs-more.scxml:3:5: <data expr=\"function(x) { return x + 1; }\">: syntax error at offset 0: "
                + "functions are not values in this data model: a function expression must be called at once, "
                + "as in (function(a) {return a})(1)")
    }

    /// Test 224's condition: a function expression called at once, with locals and early returns.
    @Test func immediatelyCalledFunctions() throws {
        let startsWith = try SCXMLExpression.parse(
            "(function(str, starts){if (starts === '') return true;if (str == null || starts == null) return false;"
                + "str = String(str); starts = String(starts);"
                + "return str.length >= starts.length && str.slice(0, starts.length) === starts;})(Var1, Var2)")
        func evaluate(_ variables: [String: SCXMLValue]) throws -> SCXMLValue {
            try SCXMLExpressionEnvironment(variables: variables).evaluate(startsWith)
        }
        #expect(try evaluate(["Var1": "s0.i1", "Var2": "s0."]) == true)
        #expect(try evaluate(["Var1": "x.i1", "Var2": "s0."]) == false)
        #expect(try evaluate(["Var1": .null, "Var2": "s0."]) == false)
        #expect(try evaluate(["Var1": 1, "Var2": ""]) == true)
        let outer = try SCXMLExpression.parse("(function(a) {Var1 = a})(2)")
        #expect(throws: SCXMLExpressionError.self) {
            try SCXMLExpressionEnvironment(variables: ["Var1": 1]).evaluate(outer)
        }
        #expect(try SCXMLExpressionEnvironment().evaluate(SCXMLExpression.parse("(function() {})()")) == .undefined)
    }
}
