import Foundation
import Statecraft
import Testing

@testable import StatecraftSCXML

/// No variable shadows a system variable (SCXML §5.10, issue 40 point 12): documents declaring one are
/// refused at load, snapshots holding one at restore, and the evaluator reads the processor's value anyway.
@Suite("System variables cannot be shadowed")
struct SystemVariableShadowingTests {
    @Test(arguments: ["_event", "_sessionid", "_name", "_ioprocessors", "_x"])
    func aDataElementNamingASystemVariableIsALoadError(name: String) throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    """
                    <datamodel>
                      <data id="\(name)" expr="({name: 'go'})"/>
                    </datamodel>
                    <state id="s"/>
                    """), file: "forged.scxml"))
        guard case .invalidAttributeValue(let attribute, let value, let element, _, let at) = error else {
            Issue.record("expected invalidAttributeValue, got \(error)")
            return
        }
        #expect(attribute == "id" && value == name && element == "data")
        #expect(at.line == 3)
        #expect(error.description.contains("system variable"))
    }

    @Test func aForeachItemNamingASystemVariableIsALoadError() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<state id="s"><onentry><foreach array="[1]" item="x" index="_event"/></onentry></state>"#)))
        guard case .invalidAttributeValue("index", "_event", "foreach", _, _) = error else {
            Issue.record("expected invalidAttributeValue for index, got \(error)")
            return
        }
    }

    static let forged = """
        <datamodel><data id="v" expr="0"/></datamodel>
        <state id="s">
          <transition event="check" cond="_event.name == 'go'" target="wrong"/>
          <transition event="check" target="right"/>
        </state>
        <state id="wrong"/>
        <state id="right"/>
        """

    @Test func aRestoredSnapshotHoldingASystemVariableIsRefused() throws {
        let document = try SCXMLParser.parse(string: TestSupport.document(Self.forged))
        let session = try SCXMLSession(document: document)
        var saved = try session.saveSnapshot()
        saved.chart.context.variables["_event"] = .object(SCXMLObject([("name", "go")]))
        // The restore's one check of the data model (`SCXMLSessionSnapshot+Validation.swift`) names it.
        #expect(throws: SCXMLRestoreError.invalidSnapshot([.systemVariable("_event")])) {
            try SCXMLSession(document: document, restoring: saved)
        }
    }

    @Test func theEvaluatorReadsTheProcessorsValueOverAVariable() throws {
        let environment = SCXMLExpressionEnvironment(
            variables: ["_event": .object(SCXMLObject([("name", "go")])), "_sessionid": "forged"],
            event: SCXMLEvent("check"), sessionID: "real")
        #expect(try environment.evaluate(SCXMLExpression.parse("_event.name")) == "check")
        #expect(try environment.evaluate(SCXMLExpression.parse("_sessionid")) == "real")
    }
}
