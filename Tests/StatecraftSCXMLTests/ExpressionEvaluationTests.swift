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

    @Test func operatorsConvertAsECMAScriptDoes() throws {
        #expect(try evaluate("true + 1") == 2)
        #expect(try evaluate("'a' < 1") == false)
        #expect(try evaluate("'a' >= 1") == false)
        #expect(try evaluate("1 == '1'") == true)
        #expect(try evaluate("1 === '1'") == false)
        #expect(try evaluate("null == undefined") == true)
        #expect(try evaluate("null == 0") == false)
        #expect(try evaluate("true == 1") == true)
        #expect(try evaluate("'2' < '10'") == false)
        #expect(try evaluate("'2' < 10") == true)
        #expect(try evaluate("'a' - 1").numberValue?.isNaN == true)
        #expect(try evaluate("!1") == false)
        #expect(try evaluate("-'a'").numberValue?.isNaN == true)
        #expect(try evaluate("1 && 'x'") == "x")
        #expect(try evaluate("0 && x") == 0)
        #expect(error("true || 1 || x") == nil)
        #expect(try evaluate("false || 1") == 1)
        #expect(try evaluate("'a' + null + undefined + true") == "anullundefinedtrue")
        #expect(try evaluate("[1, 2] + 3") == "1,23")
        #expect(try evaluate("[1, 2] == '1,2'") == true)
        #expect(try evaluate("5 | 2") == 7)
        #expect(try evaluate("6 & 3") == 2)
        #expect(try evaluate("6 ^ 3") == 5)
        #expect(try evaluate("1 == 0 | 2 != 2") == 0)
        #expect(error("'a' in 1") == .typeMismatch(operator: "in", operands: [.string, .number]))
    }

    @Test func typeofNamesEveryKind() throws {
        #expect(try evaluate("typeof 1") == "number")
        #expect(try evaluate("typeof 'a'") == "string")
        #expect(try evaluate("typeof true") == "boolean")
        #expect(try evaluate("typeof null") == "object")
        #expect(try evaluate("typeof [1]") == "object")
        #expect(try evaluate("typeof {}") == "object")
        #expect(try evaluate("typeof undefined") == "undefined")
        #expect(try evaluate("typeof undeclared === 'undefined'") == true)
        #expect(try evaluate("typeof _event") == "undefined")
    }

    @Test func arraysAndObjects() throws {
        let variables: [String: SCXMLValue] = [
            "a": .array([1, 2, 3]), "o": .object(SCXMLObject([("x", 1), ("y z", "w")])), "s": "hello",
        ]
        func value(_ text: String) throws -> SCXMLValue { try evaluate(text, variables) }
        #expect(try value("a[0] + a[2]") == 4)
        #expect(try value("a.length") == 3)
        #expect(try value("a[5]") == .undefined)
        #expect(try value("o.x") == 1)
        #expect(try value("o['y z']") == "w")
        #expect(try value("o.missing") == .undefined)
        #expect(try value("'x' in o && !('q' in o) && 2 in a && !(3 in a)") == true)
        #expect(try value("a instanceof Array && o instanceof Object && !(o instanceof Array)") == true)
        #expect(try value("a.indexOf(2)") == 1)
        #expect(try value("a.indexOf('2')") == -1)
        #expect(try value("a.join('-')") == "1-2-3")
        #expect(try value("a.slice(1)") == .array([2, 3]))
        #expect(try value("a.slice(-1)") == .array([3]))
        #expect(try value("[].concat(a, [4], 5)") == .array([1, 2, 3, 4, 5]))
        #expect(try value("a.includes(3)") == true)
        #expect(try value("s.length") == 5)
        #expect(try value("s[1]") == "e")
        #expect(try value("s.indexOf('l')") == 2)
        #expect(try value("s.slice(1, -1)") == "ell")
        #expect(try value("s.substring(3, 1)") == "el")
        #expect(try value("s.toUpperCase()") == "HELLO")
        #expect(try value("'a,b'.split(',')") == .array(["a", "b"]))
        #expect(try value("String(12) + Number('3') + Boolean('')") == "123false")
        #expect(try value("{a: [1, {b: 2}]}.a[1].b") == 2)
        #expect(try value("a === [1, 2, 3]") == true)
        #expect(error("a.push(4)", variables) == .unknownMethod("push", of: .array))
        #expect(error("o.missing.x", variables) == .typeError("cannot read the property 'x' of undefined (o.missing)"))
    }

    @Test func assignmentToPropertiesAndIndices() throws {
        var environment = SCXMLExpressionEnvironment(variables: ["o": .object(SCXMLObject()), "a": .array([])])
        try environment.assign(1, to: SCXMLExpression.parse("o.x"))
        try environment.assign("v", to: SCXMLExpression.parse("o['y']"))
        try environment.assign(.object(SCXMLObject()), to: SCXMLExpression.parse("o.inner"))
        try environment.assign(2, to: SCXMLExpression.parse("o.inner.z"))
        try environment.assign(3, to: SCXMLExpression.parse("a[1]"))
        #expect(try environment.evaluate(SCXMLExpression.parse("o.x + o.y + o.inner.z")) == "1v2")
        #expect(environment.variables["a"] == .array([.undefined, 3]))
        #expect(throws: SCXMLExpressionError.unknownVariable("foo")) {
            try environment.assign(1, to: SCXMLExpression.parse("foo.bar.baz"))
        }
        #expect(throws: SCXMLExpressionError.readOnlyVariable("_event")) {
            try environment.assign(1, to: SCXMLExpression.parse("_event.name"))
        }
        #expect(throws: SCXMLExpressionError.self) {
            try environment.assign(1, to: SCXMLExpression.parse("o.x.y"))
        }
        #expect(throws: SCXMLExpressionError.valueTooLarge(size: 8_000_000_000, limit: 1 << 20)) {
            try environment.assign(1, to: SCXMLExpression.parse("a[1000000000]"))
        }
    }

    @Test func otherErrors() throws {
        #expect(error("Var2 + 1", ["Var1": 0]) == .unknownVariable("Var2"))
        #expect(try evaluate("1 / 0") == .number(.infinity))
        #expect(try evaluate("1 % 0").numberValue?.isNaN == true)
        #expect(error("foo(1)") == .unknownFunction("foo"))
        #expect(error("In()") == .invalidArguments(function: "In", message: "expects one state id, got 0 arguments"))
        #expect(error("In(1)") == .invalidArguments(function: "In", message: "expects a string state id, got a number"))
        #expect(try evaluate("Var1.length", ["Var1": "abc"]) == 3)
        #expect(error("f(1)(2)").map { "\($0)" }?.contains("only global functions and methods") == true)
        #expect(try evaluate("_event") == .undefined)
        #expect(error("_event.name") == .typeError("cannot read the property 'name' of undefined (_event)"))
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
        #expect(try environment.evaluate(try SCXMLExpression.parse("_event.data")) == .undefined)
        #expect(try environment.evaluate(try SCXMLExpression.parse("_event.origin")) == .undefined)
        #expect(try environment.evaluate(try SCXMLExpression.parse("_name")) == "demo")
        #expect(try environment.evaluate(try SCXMLExpression.parse("_event.bogus")) == .undefined)
        #expect(try environment.evaluate(try SCXMLExpression.parse("_event")) == event.value)
        #expect(
            try environment.evaluate(
                try SCXMLExpression.parse(
                    "'name' in _event && 'type' in _event && 'sendid' in _event && 'origin' in _event "
                        + "&& 'origintype' in _event && 'invokeid' in _event && 'data' in _event")) == true)
        #expect(throws: SCXMLExpressionError.notAValue("_x")) {
            try environment.evaluate(try SCXMLExpression.parse("_x"))
        }
    }

    @Test func conditionsUseTruthiness() throws {
        let environment = SCXMLExpressionEnvironment(variables: ["Var1": 1, "empty": ""])
        #expect(try environment.evaluateCondition(try SCXMLExpression.parse("Var1")))
        #expect(try !environment.evaluateCondition(try SCXMLExpression.parse("empty")))
        #expect(try environment.evaluateCondition(try SCXMLExpression.parse("[]")))
        #expect(try !environment.evaluateCondition(try SCXMLExpression.parse("null")))
        #expect(try !environment.evaluateCondition(try SCXMLExpression.parse("0 / 0")))
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
