import Foundation
import Statecraft
import Testing

@testable import StatecraftSCXML

/// Hostile values in expressions (issue 40, points 1 and 7): index arithmetic near `Int.max` and searches in
/// megabyte strings end in a typed error or a result in linear time, never in a trap or hours of work.
@Suite("Hostile values in expressions")
struct ExpressionHostileValueTests {
    // MARK: Index arithmetic (40.1)

    @Test(arguments: ["9223372036854775806", "9223372036854775807", "4611686018427387904"])
    func anIndexNearIntMaxIsAValueTooLargeNotATrap(index: String) throws {
        var environment = SCXMLExpressionEnvironment(variables: ["x": .array([1])])
        #expect(throws: SCXMLExpressionError.valueTooLarge(size: .max, limit: 1 << 20)) {
            try environment.assign(1, to: SCXMLExpression.parse("x['\(index)']"))
        }
        #expect(environment.variables["x"] == .array([1]))
    }

    @Test func anArrayGrowsByIndexOnlyUpToTheValueSize() throws {
        var environment = SCXMLExpressionEnvironment(variables: ["x": .array([])])
        environment.maximumValueSize = 200
        // 8 bytes for the array, 16 for each element.
        try environment.assign(1, to: SCXMLExpression.parse("x[8]"))
        #expect(environment.variables["x"]?.footprint.size == 152)
        #expect(throws: SCXMLExpressionError.valueTooLarge(size: 216, limit: 200)) {
            try environment.assign(1, to: SCXMLExpression.parse("x[12]"))
        }
        #expect(throws: SCXMLExpressionError.valueTooLarge(size: 800, limit: 200)) {
            try environment.assign(1, to: SCXMLExpression.parse("x[100]"))
        }
    }

    @Test func aSessionAssigningNearIntMaxRaisesErrorExecution() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="x" expr="[]"/></datamodel>
            <state id="a">
              <onentry><assign location="x['9223372036854775806']" expr="1"/></onentry>
              <transition event="error.execution" target="failed"/>
            </state>
            <state id="failed"/>
            """)
        #expect(session.snapshot.configuration == ["failed"])
        #expect(session.initialMacrostep.errors.first?.contains("SCXMLLimits.maximumValueSize") == true)
    }

    // MARK: Searching doubled strings (40.7)

    @Test(.timeLimit(.minutes(1)))
    func searchingAMegabyteStringIsLinear() throws {
        // A text of about 2^20 'a's and a pattern of 2^19 'a's and a 'b': the naive search compares 2^38 units.
        let text = String(repeating: "a", count: (1 << 20) - 16)
        let pattern = String(repeating: "a", count: 1 << 19) + "b"
        let environment = SCXMLExpressionEnvironment(variables: ["s": .string(text), "p": .string(pattern)])
        #expect(try environment.evaluate(SCXMLExpression.parse("s.indexOf(p)")) == -1)
        #expect(try environment.evaluate(SCXMLExpression.parse("s.lastIndexOf(p)")) == -1)
        #expect(try environment.evaluate(SCXMLExpression.parse("s.includes(p)")) == false)
        #expect(try environment.evaluate(SCXMLExpression.parse("s.split(p).length")) == 1)
        let position = SCXMLValue.number(Double((1 << 20) - 16 - (1 << 19)))
        #expect(try environment.evaluate(SCXMLExpression.parse("(s + 'b').indexOf(p)")) == position)
        #expect(try environment.evaluate(SCXMLExpression.parse("(s + 'b').lastIndexOf(p)")) == position)
    }

    @Test func stringSearchesFollowECMAScript() throws {
        let environment = SCXMLExpressionEnvironment(variables: ["s": "abcabc"])
        let cases: [(String, SCXMLValue)] = [
            ("s.indexOf('c', -3)", 2), ("s.indexOf('c', 3)", 5), ("s.indexOf('', 10)", 6), ("s.indexOf('x')", -1),
            ("s.lastIndexOf('abc')", 3), ("s.lastIndexOf('')", 6), ("s.split('b')", .array(["a", "ca", "c"])),
            ("s.split('abc')", .array(["", "", ""])), ("'aaa'.split('aa')", .array(["", "a"])),
        ]
        for (expression, value) in cases {
            #expect(try environment.evaluate(SCXMLExpression.parse(expression)) == value, "\(expression)")
        }
    }
}
