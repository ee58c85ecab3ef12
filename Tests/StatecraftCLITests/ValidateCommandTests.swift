import Foundation
import Testing

/// `statecraft validate`: findings, exit statuses, `--json` and `--rule`, run on the built binary.
@Suite("statecraft validate")
struct ValidateCommandTests {
    static let expected = CLITests.expected

    @Test func aCleanChartPrintsNothingAndExitsZero() throws {
        let result = try StatecraftBinary.run(["validate", "analysis-door.scxml"], in: Self.expected)
        #expect(result.status == 0)
        #expect(result.standardOutputText == "")
    }

    @Test func findingsPrintWithFileLineAndRuleAndExitOne() throws {
        let result = try StatecraftBinary.run(["validate", "analysis-flawed.scxml"], in: Self.expected)
        #expect(result.status == 1)
        #expect(
            result.standardOutputText == """
                analysis-flawed.scxml:10:3: warning: state 'lost' is unreachable: no event sequence from the start enters it [unreachable-state]
                analysis-flawed.scxml:9:3: warning: the machine is trapped in 'stuck' (after "go stop"): it is not final and no event leads out [trap-state]
                analysis-flawed.scxml:4:5: warning: transition 'idle --go--> lost' is never taken: whenever 'go' arrives in 'idle', 'idle --go--> busy' (line 3) takes it first [shadowed-transition]

                """)
    }

    @Test func ruleSelectsRulesAndJSONListsTheFindings() throws {
        let result = try StatecraftBinary.run(
            ["validate", "analysis-flawed.scxml", "--rule", "trap-state", "--json"], in: Self.expected)
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(object["complete"] as? Bool == true)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["trap-state"])
        #expect(findings.first?["state"] as? String == "stuck")
        #expect((findings.first?["location"] as? [String: Any])?["line"] as? Int == 9)
    }

    @Test func aBoundIsANoteNotAFindingAndExitsThree() throws {
        let result = try StatecraftBinary.run(
            ["validate", "analysis-door.scxml", "--max-configurations", "5"], in: Self.expected)
        // The note is not a finding: nothing was found in what was explored, but not everything was.
        #expect(result.status == 3)
        #expect(result.standardError.hasPrefix("warning: analysis-door.scxml: exploration is incomplete:"))
        #expect(
            result.standardOutputText.hasPrefix(
                "note: explored 5 configurations and 4 steps, stopped at the bound maxConfigurations = 5;"))
    }

    @Test func malformedFilesExitTwoAndUnknownRulesSixtyFour() throws {
        let malformed = try StatecraftBinary.run(["validate", "malformed.scxml"], in: Self.expected)
        #expect(malformed.status == 2)
        #expect(malformed.standardError.hasPrefix("error: malformed.scxml:"))
        let missing = try StatecraftBinary.run(["validate", "nowhere.scxml"], in: Self.expected)
        #expect(missing.status == 2)
        let unknown = try StatecraftBinary.run(
            ["validate", "analysis-flawed.scxml", "--rule", "nope"], in: Self.expected)
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("unknown rule 'nope'"))
    }
}
