import Testing

@testable import StatecraftSCXML

/// Numbers print as ECMAScript's `Number::toString` prints them, and positions convert with
/// `ToIntegerOrInfinity` (issue 40, point 15).
@Suite("ECMAScript number conversions")
struct NumberConversionTests {
    @Test(
        arguments: [
            (1e18, "1000000000000000000"), (1e20, "100000000000000000000"), (1e21, "1e+21"),
            (1.2345678901234568e20, "123456789012345680000"), (1.5e21, "1.5e+21"), (-1e21, "-1e+21"),
            (1e-7, "1e-7"), (1.5e-7, "1.5e-7"), (1e-6, "0.000001"), (0.000123, "0.000123"), (0.1, "0.1"),
            (0.1 + 0.2, "0.30000000000000004"), (123.456, "123.456"), (-2.5, "-2.5"),
            (Double.leastNonzeroMagnitude, "5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"), (2, "2"), (-0.0, "0"),
            (9_007_199_254_740_994, "9007199254740994"),
            (1e16, "10000000000000000"), (4.35, "4.35"), (100, "100"), (Double.nan, "NaN"),
            (-Double.infinity, "-Infinity"),
        ] as [(Double, String)])
    func numbersPrintAsECMAScriptDoes(number: Double, text: String) {
        #expect(SCXMLValue.number(number).description == text)
    }

    @Test func positionsConvertWithToIntegerOrInfinity() throws {
        let environment = SCXMLExpressionEnvironment()
        let cases: [(String, SCXMLValue)] = [
            ("'abc'.charAt(NaN)", "a"), ("'abc'.charAt()", "a"), ("'abc'.charAt(-0.5)", "a"),
            ("'abc'.charAt(1.9)", "b"),
            ("'abc'.charAt(-1)", ""), ("'abc'.charAt(Infinity)", ""), ("'abc'.charAt('x')", "a"),
            ("'abc'.slice(NaN, 2)", "ab"), ("'abc'.substring(-Infinity, Infinity)", "abc"),
            ("'abc'.indexOf('a', -Infinity)", 0), ("'abc'.indexOf('c', 2.9)", 2), ("String(1e21)", "1e+21"),
            ("'' + 1e-7", "1e-7"), ("'' + 1e18", "1000000000000000000"),
        ]
        for (expression, value) in cases {
            #expect(try environment.evaluate(SCXMLExpression.parse(expression)) == value, "\(expression)")
        }
    }
}
