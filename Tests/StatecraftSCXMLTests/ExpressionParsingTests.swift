import Testing

@testable import StatecraftSCXML

/// The expression language's syntax: precedence, literals, calls, members, and syntax errors with offsets.
@Suite("Expression parsing")
struct ExpressionParsingTests {
    @Test func precedenceAndAssociativity() throws {
        #expect(
            try SCXMLExpression.parse("1 + 2 * 3")
                == .binary(.add, .literal(1), .binary(.multiply, .literal(2), .literal(3))))
        #expect(
            try SCXMLExpression.parse("1 - 2 - 3")
                == .binary(.subtract, .binary(.subtract, .literal(1), .literal(2)), .literal(3)))
        #expect(
            try SCXMLExpression.parse("a || b && c")
                == .binary(.or, .variable("a"), .binary(.and, .variable("b"), .variable("c"))))
        #expect(
            try SCXMLExpression.parse("a < b == true")
                == .binary(.equal, .binary(.less, .variable("a"), .variable("b")), .literal(true)))
        #expect(
            try SCXMLExpression.parse("(1 + 2) * 3")
                == .binary(.multiply, .binary(.add, .literal(1), .literal(2)), .literal(3)))
        #expect(try SCXMLExpression.parse("!a && b") == .binary(.and, .unary(.not, .variable("a")), .variable("b")))
    }

    @Test func strictEqualityIsOneOperator() throws {
        #expect(try SCXMLExpression.parse("a === 1") == .binary(.strictEqual, .variable("a"), .literal(1)))
        #expect(try SCXMLExpression.parse("a!==1") == .binary(.strictNotEqual, .variable("a"), .literal(1)))
        #expect(try SCXMLExpression.parse("Var1==2") == .binary(.equal, .variable("Var1"), .literal(2)))
    }

    @Test func literals() throws {
        #expect(try SCXMLExpression.parse("42") == .literal(42))
        #expect(try SCXMLExpression.parse(".5") == .literal(0.5))
        #expect(try SCXMLExpression.parse("1.5e3") == .literal(1500))
        #expect(try SCXMLExpression.parse("-3") == .literal(-3))
        #expect(try SCXMLExpression.parse("'it\\'s'") == .literal("it's"))
        #expect(try SCXMLExpression.parse("\"a\\nb\\u0041\"") == .literal("a\nbA"))
        #expect(try SCXMLExpression.parse("true") == .literal(true))
        #expect(try SCXMLExpression.parse("null") == .literal(.null))
        #expect(try SCXMLExpression.parse("undefined") == .literal(.undefined))
    }

    @Test func callsAndEventFields() throws {
        #expect(try SCXMLExpression.parse("In('s1')") == .call("In", [.literal("s1")]))
        #expect(
            try SCXMLExpression.parse("_event.name == 'foo'")
                == .binary(.equal, .member(.variable("_event"), "name"), .literal("foo")))
        #expect(try SCXMLExpression.parse("f()") == .call("f", []))
        #expect(try SCXMLExpression.parse("x").isLocation)
        #expect(try SCXMLExpression.parse("x + 1").isLocation == false)
        #expect(try SCXMLExpression.parse("a + In('s') + b * a").variables == ["a", "b"])
    }

    static let syntaxErrors: [(String, Int)] = [
        ("", 0), ("1 +", 3), ("(1", 2), ("1)", 1), ("a = 1", 2), ("'open", 0), ("1 2", 2), ("In('a'", 6),
        ("_event.", 7), ("#", 0), ("1e", 0), ("3abc", 1), ("a # b", 2), ("1e999", 0),
    ]

    @Test(arguments: syntaxErrors)
    func syntaxErrorsCarryTheirOffset(text: String, offset: Int) throws {
        #expect(throws: SCXMLExpressionError.self) { try SCXMLExpression.parse(text) }
        do {
            _ = try SCXMLExpression.parse(text)
        } catch {
            guard case .syntax(_, let found) = error else {
                Issue.record("expected a syntax error, got \(error)")
                return
            }
            #expect(found == offset)
        }
    }

    @Test func deepNestingIsASyntaxErrorNotACrash() throws {
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        #expect(throws: SCXMLExpressionError.self) { try SCXMLExpression.parse(deep) }
        let negations = String(repeating: "!", count: 10_000) + "true"
        #expect(throws: SCXMLExpressionError.self) { try SCXMLExpression.parse(negations) }
        let longChain = Array(repeating: "1", count: 5_000).joined(separator: " + ")
        #expect(throws: SCXMLExpressionError.self) { try SCXMLExpression.parse(longChain) }
        let acceptable = Array(repeating: "1", count: 150).joined(separator: " + ")
        #expect(try SCXMLEvaluationFixture.evaluate(acceptable) == .number(150))
    }

    static let printed: [String] = [
        "Var1 + 1", "a - (b - c)", "(a || b) && c", "!(a && b)", "-x", "- -x", "1 - -1", "'it\\'s' + \"q\"",
        "_event.name", "In('s1') && !In('s2')", "a === b !== c", "2 * (3 + 4) % 5", "(-1).x", "a / b / c",
        "a < b <= c", "'\\u0001\\n'", "1.5e-7", "Infinity", "-Infinity", "1e+21",
    ]

    @Test(arguments: printed)
    func descriptionParsesBackToTheSameExpression(text: String) throws {
        let expression = try SCXMLExpression.parse(text)
        #expect(try SCXMLExpression.parse(expression.description) == expression)
    }

    @Test func descriptionIsCanonical() throws {
        #expect(try SCXMLExpression.parse("Var1==2").description == "Var1 == 2")
        #expect(try SCXMLExpression.parse("((a))+(b*c)").description == "a + b * c")
        #expect(try SCXMLExpression.parse("a-(b-c)").description == "a - (b - c)")
        #expect(try SCXMLExpression.parse("\"x\"").description == "'x'")
    }
}

/// Evaluates source text in an empty environment.
enum SCXMLEvaluationFixture {
    static func evaluate(
        _ text: String, variables: [String: SCXMLValue] = [:]
    ) throws -> SCXMLValue {
        try SCXMLExpressionEnvironment(variables: variables).evaluate(try SCXMLExpression.parse(text))
    }
}
