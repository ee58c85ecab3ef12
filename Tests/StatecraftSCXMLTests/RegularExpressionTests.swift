import Foundation
import Testing

@testable import StatecraftSCXML

@Suite("Regular-expression literals")
struct RegularExpressionTests {
    static func value(_ text: String, variables: [String: SCXMLValue] = [:]) throws -> SCXMLValue {
        try SCXMLExpressionEnvironment(variables: variables).evaluate(SCXMLExpression.parse(text))
    }

    @Test(arguments: [
        ("'POST /x HTTP/1.1'.search(/POST/)", 0.0), ("'a Var1=2&b'.search(/Var1=2/)", 2),
        ("'this+is+some'.search(/this+is/)", -1), ("'thisssis'.search(/this+is/)", 0),
        ("'xx42yy'.search(/\\d+/)", 2), ("'abc'.search(/^b/)", -1), ("'a\\nbc'.search(/^b/m)", 2),
        ("'ABC'.search(/b/i)", 1), ("'aaab'.search(/(a|aa)*b/)", 0), ("'x/y'.search(/[/]y/)", 1),
        ("'foo.bar'.search(/\\./)", 3), ("'abcabd'.search(/ab(?:c|d)$/)", 3), ("'aaa'.search(/a{2,}/)", 0),
        ("'ab'.search(/a{3}/)", -1), ("'a-z'.search(/[^a-z]/)", 1), ("''.search(/x*/)", 0),
    ])
    func searchFindsTheFirstMatch(_ source: String, _ expected: Double) throws {
        #expect(try Self.value(source) == .number(expected), "\(source)")
    }

    @Test func testAndDivisionStillDivide() throws {
        #expect(try Self.value("/^ok$/i.test('OK')") == .boolean(true))
        #expect(try Self.value("/^ok$/.test(x)", variables: ["x": .string("nope")]) == .boolean(false))
        #expect(try Self.value("x / 2 / 4", variables: ["x": .number(16)]) == .number(2))
        #expect(try Self.value("(8) / 2") == .number(4))
    }

    @Test func aLiteralPrintsAndParsesBack() throws {
        for source in ["s.search(/a[/]b\\/c/gi)", "/x|y/.test(s)"] {
            let expression = try SCXMLExpression.parse(source)
            #expect(try SCXMLExpression.parse(expression.description) == expression)
        }
    }

    @Test(arguments: [
        "x = /a/", "[/a/]", "s.replace(/a/, 'b')", "s.search(/(a/)", "s.search(/a)/)", "s.search(/\\1/)",
        "s.search(/(?=a)/)", "s.search(/a/q)", "s.search(/*/)", "s.search(/a{2,1}/)", "s.search(/[b-a]/)",
        "s.search(/unterminated)", "s.search(/a{1000}{1000}/)", "s.search(/\\b/)",
    ])
    func unsupportedOrMalformedPatternsAreSyntaxErrors(_ source: String) {
        #expect(throws: SCXMLExpressionError.self, "\(source)") { try SCXMLExpression.parse(source) }
    }

    /// A pattern that makes a backtracking engine take exponential time is linear here.
    @Test func aHostilePatternIsLinear() throws {
        let text = String(repeating: "a", count: 30_000)
        let pattern = try SCXMLRegularExpression(pattern: "(a|a)*(a|a)*(a*)*b")
        #expect(pattern.firstMatchStart(in: Array(text.utf16)) == nil)
    }

    @Test func searchesCountAgainstTheBudget() throws {
        var environment = SCXMLExpressionEnvironment(variables: ["s": .string(String(repeating: "a", count: 100_000))])
        environment.budget = SCXMLExecutionBudget(maximumSteps: 10, maximumBytes: 100)
        #expect(throws: SCXMLExpressionError.executionBudgetExceeded(.bytes, limit: 100)) {
            try environment.evaluate(SCXMLExpression.parse("s.search(/(a|b)*c/)"))
        }
    }
}
