import Testing

@testable import StatecraftSCXML

/// The environment helpers a runtime uses for `<data>` and `<send>`.
@Suite("Executable content evaluation")
struct ExecutableContentEvaluationTests {
    @Test func declaringDataEvaluatesItsExpression() throws {
        var environment = SCXMLExpressionEnvironment()
        try environment.declare(SCXMLDataNode(id: "Var1", expression: .literal(0)))
        try environment.declare(SCXMLDataNode(id: "Var2", expression: try SCXMLExpression.parse("Var1 + 2")))
        try environment.declare(SCXMLDataNode(id: "Var3"))
        #expect(environment.variables == ["Var1": 0, "Var2": 2, "Var3": .undefined])
    }

    @Test func failingDataIsDeclaredUndefined() {
        var environment = SCXMLExpressionEnvironment()
        #expect(throws: SCXMLExpressionError.unknownVariable("nope")) {
            try environment.declare(SCXMLDataNode(id: "Var1", expression: .variable("nope")))
        }
        #expect(environment.variables == ["Var1": .undefined])
    }

    @Test func eventNamesAndDelaysFromExpressions() throws {
        let environment = SCXMLExpressionEnvironment(variables: ["n": 2, "wait": "1.5s"])
        #expect(try environment.evaluateString(.literal("go"), attribute: "eventexpr") == "go")
        #expect(
            try environment.evaluateString(
                .expression(try SCXMLExpression.parse("'e' + n")),
                attribute: "eventexpr") == "e2")
        #expect(throws: SCXMLExpressionError.typeMismatch(operator: "eventexpr", operands: [.number])) {
            try environment.evaluateString(.expression(.variable("n")), attribute: "eventexpr")
        }
        #expect(try environment.evaluateDelay(.literal(.seconds(1))) == .seconds(1))
        #expect(try environment.evaluateDelay(.expression(.variable("wait"))) == .milliseconds(1500))
        #expect(throws: SCXMLExpressionError.invalidDelay("soon", .invalidNumber("soon"))) {
            try environment.evaluateDelay(.expression(.literal("soon")))
        }
    }

    @Test func namelistValues() throws {
        let environment = SCXMLExpressionEnvironment(variables: ["a": 1, "b": "x"])
        let pairs = try environment.values(ofNamelist: ["b", "a"])
        #expect(pairs.map(\.name) == ["b", "a"])
        #expect(pairs.map(\.value) == ["x", 1])
        #expect(throws: SCXMLExpressionError.unknownVariable("c")) { try environment.values(ofNamelist: ["c"]) }
    }
}
