import Foundation
import Testing

/// `statecraft validate` reports expressions the data model cannot evaluate (`unevaluable-expression`), which
/// `statecraft run` would turn into `error.execution`.
@Suite("statecraft validate: unevaluable expressions")
struct ValidateExpressionsCLITests {
    @Test func unknownVariablesAndMethodsAreFindingsWithTheirLine() throws {
        let result = try StatecraftBinary.run(
            ["validate", "analysis-unevaluable.scxml", "--rule", "unevaluable-expression"], in: CLITests.expected)
        #expect(result.status == 1)
        #expect(
            result.standardOutputText == """
                analysis-unevaluable.scxml:5:7: error: <assign expr="Math.min(attempts + 1, 3)"> cannot be evaluated: unknown variable 'Math'; it raises error.execution whenever it runs [unevaluable-expression]
                analysis-unevaluable.scxml:5:7: error: <assign expr="Math.min(attempts + 1, 3)"> cannot be evaluated: unsupported method 'min'; it raises error.execution whenever it runs [unevaluable-expression]
                analysis-unevaluable.scxml:8:5: error: <transition cond="x.push(1)"> cannot be evaluated: unknown variable 'x'; it raises error.execution whenever it runs [unevaluable-expression]
                analysis-unevaluable.scxml:8:5: error: <transition cond="x.push(1)"> cannot be evaluated: unsupported method 'push'; it raises error.execution whenever it runs [unevaluable-expression]

                """)
    }

    @Test func aChartWhoseExpressionsAllEvaluateHasNoSuchFinding() throws {
        let result = try StatecraftBinary.run(
            ["validate", "analysis-door.scxml", "--rule", "unevaluable-expression"], in: CLITests.expected)
        #expect(result.status == 0)
        #expect(result.standardOutputText == "")
    }
}
