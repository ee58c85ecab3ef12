import Testing

@testable import StatecraftSCXML

/// Property-style checks: the lexer, parser and evaluator never trap on any input, and every parsed expression
/// prints to text that parses back to it.
@Suite("Expression robustness")
struct ExpressionRobustnessTests {
    static let fragments = [
        "Var1", "x", "_event", ".", "name", "In", "(", ")", "'s1'", "\"a\"", "'", "\"", "0", "1", ".5", "1e3", "2.",
        "+", "-", "*", "/", "%", "==", "===", "!=", "!==", "<", "<=", ">", ">=", "&&", "||", "!", ",", "=", "&",
        "true", "false", "null", "undefined", "Infinity", " ", "\\", "\n", "é", "😀", "#", "$a", "1e", "_",
        "[", "]", "{", "}", ":", "typeof", "in", "instanceof", "Array", "|", "^", "NaN", "length", "indexOf", ";",
        "++", "--", "?", "function", "new", "(function(a) {", "return", "if", "var", "}", "})(",
    ]

    static let iterations = 5_000

    @Test func randomTokenStringsNeverTrap() {
        var generator = SeededGenerator(seed: 0x5C_4D_1E)
        var parsed = 0
        for _ in 0..<Self.iterations {
            let length = Int.random(in: 0...12, using: &generator)
            let text = (0..<length).map { _ in Self.fragments.randomElement(using: &generator) ?? "" }
                .joined(separator: Bool.random(using: &generator) ? " " : "")
            guard let expression = try? SCXMLExpression.parse(text) else {
                continue
            }
            parsed += 1
            #expect((try? SCXMLExpression.parse(expression.description)) == expression, "\(text)")
            let environment = SCXMLExpressionEnvironment(
                variables: ["Var1": 1, "x": "text", "name": true], event: SCXMLEvent("e.f")
            ) { $0 == "s1" }
            _ = try? environment.evaluate(expression)
        }
        #expect(parsed > 200)
    }

    @Test func randomCharactersNeverTrap() {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("ab01.'\"\\()!=<>&|+-*/%eE_ \t\nuIn,[]{}:^")
        for _ in 0..<5_000 {
            let text = String(
                (0..<Int.random(in: 0...20, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator) ?? " "
                })
            if let expression = try? SCXMLExpression.parse(text) {
                #expect((try? SCXMLExpression.parse(expression.description)) == expression, "\(text)")
                _ = try? SCXMLExpressionEnvironment(variables: ["a": 1, "b": "s"]).evaluate(expression)
            }
        }
    }
}
