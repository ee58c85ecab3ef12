import Testing

@testable import StatecraftSCXML

/// The expression language's typed semantics and its errors, which become `error.execution`.
@Suite("Expression evaluation")
struct ExpressionEvaluationTests {
    func evaluate(_ text: String, _ variables: [String: SCXMLValue] = [:]) throws -> SCXMLValue {
        try SCXMLEvaluationFixture.evaluate(text, variables: variables)
    }

    func error(_ text: String, _ variables: [String: SCXMLValue] = [:]) -> SCXMLExpressionError? {
        do {
            _ = try SCXMLExpressionEnvironment(variables: variables).evaluate(try SCXMLExpression.parse(text))
            return nil
        } catch {
            return error
        }
    }

    @Test func arithmeticOnIntegersStaysIntegral() throws {
        #expect(try evaluate("Var1 + 1", ["Var1": 1]) == 2)
        #expect(try evaluate("Var1 + 1", ["Var1": 1]).description == "2")
        #expect(try evaluate("Var1 + 1", ["Var1": 1]).intValue == 2)
        #expect(try evaluate("7 / 2") == 3.5)
        #expect(try evaluate("7 % 3") == 1)
        #expect(try evaluate("-(2 * 3) + +4") == -2)
        #expect(try evaluate("0.1 * 3").intValue == nil)
    }

    @Test func stringConcatenation() throws {
        #expect(try evaluate("'a' + 'b'") == "ab")
        #expect(try evaluate("'n=' + 2") == "n=2")
        #expect(try evaluate("1.5 + 'x'") == "1.5x")
        #expect(try evaluate("'' + true + null") == "truenull")
    }

    @Test func comparisons() throws {
        #expect(try evaluate("Var1 == 2", ["Var1": 2]) == true)
        #expect(try evaluate("Var1 != 2", ["Var1": 2]) == false)
        #expect(try evaluate("1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3") == true)
        #expect(try evaluate("'abc' < 'abd'") == true)
        #expect(try evaluate("null == undefined") == true)
        #expect(try evaluate("null === undefined") == false)
        #expect(try evaluate("1 === '1'") == false)
        #expect(try evaluate("1 !== '1'") == true)
        #expect(try evaluate("null == 0") == false)
        #expect(try evaluate("'a' === 'a'") == true)
    }

    @Test func logicShortCircuits() throws {
        #expect(try evaluate("false && missing") == false)
        #expect(try evaluate("true || missing") == true)
        #expect(try evaluate("!false") == true)
        #expect(error("true && missing") == .unknownVariable("missing"))
    }

    @Test func typeErrors() {
        #expect(error("true + 1") == .typeMismatch(operator: "+", operands: [.boolean, .number]))
        #expect(error("'a' < 1") == .typeMismatch(operator: "<", operands: [.string, .number]))
        #expect(error("1 == '1'") == .typeMismatch(operator: "==", operands: [.number, .string]))
        #expect(error("'a' - 1") == .typeMismatch(operator: "-", operands: [.string, .number]))
        #expect(error("!1") == .typeMismatch(operator: "!", operands: [.number]))
        #expect(error("-'a'") == .typeMismatch(operator: "-", operands: [.string]))
        #expect(error("1 && true") == .typeMismatch(operator: "&&", operands: [.number]))
        #expect(error("true || 1 || x") == nil)
        #expect(error("false || 1") == .typeMismatch(operator: "||", operands: [.boolean, .number]))
    }

    @Test func otherErrors() {
        #expect(error("Var2 + 1", ["Var1": 0]) == .unknownVariable("Var2"))
        #expect(error("1 / 0") == .divisionByZero)
        #expect(error("1 % 0") == .divisionByZero)
        #expect(error("foo(1)") == .unknownFunction("foo"))
        #expect(error("In()") == .invalidArguments(function: "In", message: "expects one state id, got 0 arguments"))
        #expect(error("In(1)") == .invalidArguments(function: "In", message: "expects a string state id, got a number"))
        #expect(error("Var1.length", ["Var1": "abc"]) == .unknownProperty("length", of: "Var1"))
        #expect(error("_event.name") == .unknownVariable("_event"))
    }

    @Test func inPredicate() throws {
        let environment = SCXMLExpressionEnvironment { $0 == "s1" }
        #expect(try environment.evaluateCondition(try SCXMLExpression.parse("In('s1') && !In('s2')")))
    }

    @Test func eventFields() throws {
        let event = SCXMLEvent("error.execution", type: .platform, sendID: "send1")
        let environment = SCXMLExpressionEnvironment(event: event, sessionName: "demo")
        #expect(try environment.evaluate(try SCXMLExpression.parse("_event.name")) == "error.execution")
        #expect(try environment.evaluate(try SCXMLExpression.parse("_event.type")) == "platform")
        #expect(try environment.evaluate(try SCXMLExpression.parse("_event.sendid")) == "send1")
        #expect(try environment.evaluate(try SCXMLExpression.parse("_event.data")) == .null)
        #expect(try environment.evaluate(try SCXMLExpression.parse("_event.origin")) == .undefined)
        #expect(try environment.evaluate(try SCXMLExpression.parse("_name")) == "demo")
        #expect(throws: SCXMLExpressionError.unknownProperty("bogus", of: "_event")) {
            try environment.evaluate(try SCXMLExpression.parse("_event.bogus"))
        }
        #expect(throws: SCXMLExpressionError.notAValue("_event")) {
            try environment.evaluate(try SCXMLExpression.parse("_event"))
        }
    }

    @Test func conditionsMustBeBooleans() throws {
        let environment = SCXMLExpressionEnvironment(variables: ["Var1": 1])
        #expect(throws: SCXMLExpressionError.typeMismatch(operator: "cond", operands: [.number])) {
            try environment.evaluateCondition(try SCXMLExpression.parse("Var1"))
        }
    }

    @Test func assignment() throws {
        var environment = SCXMLExpressionEnvironment(variables: ["Var1": 0, "Var2": .undefined])
        try environment.assign(try SCXMLExpression.parse("Var1 + 1"), to: "Var1")
        try environment.assign(try SCXMLExpression.parse("'x'"), to: "Var2")
        #expect(environment.variables == ["Var1": 1, "Var2": "x"])
        #expect(throws: SCXMLExpressionError.unknownVariable("Var3")) {
            try environment.assign(.literal(1), to: "Var3")
        }
        #expect(throws: SCXMLExpressionError.readOnlyVariable("_event")) {
            try environment.assign(.literal(1), to: "_event")
        }
        #expect(throws: SCXMLExpressionError.unknownVariable("nope")) {
            try environment.assign(try SCXMLExpression.parse("nope"), to: "Var1")
        }
        #expect(environment.variables["Var1"] == 1)
    }

    @Test func nullDatamodelHasOnlyInAndLiterals() throws {
        // With no declared variables, only In(), literals and operators on them evaluate.
        let environment = SCXMLExpressionEnvironment { $0 == "s0" }
        #expect(try environment.evaluateCondition(try SCXMLExpression.parse("In('s0')")))
        #expect(try environment.evaluateCondition(try SCXMLExpression.parse("false")) == false)
        #expect(throws: SCXMLExpressionError.unknownVariable("Var1")) {
            try environment.evaluateCondition(try SCXMLExpression.parse("Var1 == 1"))
        }
    }

    @Test func valueDescriptions() {
        #expect(SCXMLValue.number(2).description == "2")
        #expect(SCXMLValue.number(-0.5).description == "-0.5")
        #expect(SCXMLValue.number(1e21).description == "1e+21")
        #expect(SCXMLValue.number(.infinity).description == "Infinity")
        #expect(SCXMLValue.boolean(false).description == "false")
        #expect(SCXMLValue.undefined.description == "undefined")
    }
}
