import StatecraftAnalysis
import StatecraftSCXML
import Testing

/// `unevaluable-expression`: the expressions an SCXML chart's data model cannot evaluate, as findings with
/// their line, found without exploring.
@Suite("Unevaluable expression rule")
struct UnevaluableExpressionRuleTests {
    static let chart = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="s">
          <datamodel><data id="attempts" expr="0"/></datamodel>
          <state id="s">
            <transition event="retry" target="s">
              <assign location="attempts" expr="Math.min(attempts + 1, 3)"/>
            </transition>
          </state>
        </scxml>
        """

    @Test func anUnknownVariableIsAnErrorWithItsLine() throws {
        let model = try SCXMLExplorationModel(document: scxml(Self.chart, file: "retry.scxml"))
        let space = StateSpaceExplorer(model).explore(limits: ExplorationLimits(maxConfigurations: 100))
        let findings = MachineValidator(rules: [UnevaluableExpressionRule()]).validate(
            model.validationSubject(of: space))
        #expect(findings.map(\.rule) == ["unevaluable-expression", "unevaluable-expression"])
        #expect(findings.allSatisfy { $0.severity == .error && $0.location?.line == 5 })
        #expect(
            findings.first?.description
                == "retry.scxml:5:7: error: <assign expr=\"Math.min(attempts + 1, 3)\"> cannot be evaluated: "
                + "unknown variable 'Math'; it raises error.execution whenever it runs [unevaluable-expression]")
    }

    @Test func aSubjectWithoutExpressionsHasNoSuchFinding() throws {
        let model = try SCXMLExplorationModel(document: scxml(doorWithAnUnreachableState))
        let space = StateSpaceExplorer(model).explore()
        #expect(MachineValidator(rules: [UnevaluableExpressionRule()]).validate(ValidationSubject(space: space)) == [])
        #expect(
            MachineValidator(rules: [UnevaluableExpressionRule()]).validate(model.validationSubject(of: space)) == [])
    }
}
