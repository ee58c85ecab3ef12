import Testing

@testable import StatecraftSCXML

/// Structural rules across elements: ids, targets, initial states, history and initial pseudo-states.
@Suite("Document structure")
struct DocumentStructureTests {
    @Test func unknownTargetNamesTheIdAndTheTransitionsLine() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    """
                    <state id="s0">
                      <transition event="go" target="nowhere"/>
                    </state>
                    """)))
        guard case .unknownTarget("nowhere", let location) = error else {
            Issue.record("expected unknownTarget, got \(error)")
            return
        }
        #expect(location.line == 3)
    }

    @Test func duplicateStateID() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    """
                    <state id="a"/>
                    <state id="b"><state id="a"/></state>
                    """)))
        guard case .duplicateID("a", let location, let first) = error else {
            Issue.record("expected duplicateID, got \(error)")
            return
        }
        #expect(location.line == 3)
        #expect(first.line == 2)
    }

    @Test func dataIDClashingWithAStateID() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    """
                    <datamodel><data id="a" expr="1"/></datamodel>
                    <state id="a"/>
                    """)))
        guard case .duplicateID("a", let location, let first) = error else {
            Issue.record("expected duplicateID, got \(error)")
            return
        }
        #expect(location.line == 3)
        #expect(first.line == 2)
    }

    @Test func unknownDocumentInitial() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<state id="a"/>"#, attributes: #"initial="b""#)))
        guard case .invalidInitial("scxml", _, _) = error else {
            Issue.record("expected invalidInitial, got \(error)")
            return
        }
    }

    @Test func initialAttributeMustNameADescendant() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    """
                    <state id="p" initial="other"><state id="c"/></state>
                    <state id="other"/>
                    """)))
        guard case .invalidInitial("p", let reason, _) = error else {
            Issue.record("expected invalidInitial, got \(error)")
            return
        }
        #expect(reason.contains("descendant"))
    }

    @Test func atomicStateCannotHaveAnInitial() throws {
        let error = try #require(TestSupport.parseError(TestSupport.document(#"<state id="a" initial="a"/>"#)))
        guard case .invalidInitial("a", _, _) = error else {
            Issue.record("expected invalidInitial, got \(error)")
            return
        }
    }

    @Test func initialAttributeAndElementTogether() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    """
                    <state id="p" initial="c"><initial><transition target="c"/></initial><state id="c"/></state>
                    """)))
        guard case .invalidInitial("p", _, _) = error else {
            Issue.record("expected invalidInitial, got \(error)")
            return
        }
    }

    @Test func historyTransitionCannotHaveAnEvent() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    """
                    <state id="p"><history id="h"><transition event="e" target="c"/></history><state id="c"/></state>
                    """)))
        guard case .invalidStructure("history", _, _) = error else {
            Issue.record("expected invalidStructure, got \(error)")
            return
        }
    }

    @Test func shallowHistoryDefaultMustBeAChild() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    """
                    <state id="p">
                      <history id="h"><transition target="grandchild"/></history>
                      <state id="c"><state id="grandchild"/></state>
                    </state>
                    """)))
        guard case .invalidStructure("history", let reason, _) = error else {
            Issue.record("expected invalidStructure, got \(error)")
            return
        }
        #expect(reason.contains("child"))
        #expect(
            TestSupport.parseError(
                TestSupport.document(
                    """
                    <state id="p">
                      <history id="h" type="deep"><transition target="grandchild"/></history>
                      <state id="c"><state id="grandchild"/></state>
                    </state>
                    """)) == nil)
    }

    @Test func historyNeedsExactlyOneTransition() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<state id="p"><history id="h"/><state id="c"/></state>"#)))
        guard case .invalidStructure("history", _, _) = error else {
            Issue.record("expected invalidStructure, got \(error)")
            return
        }
    }

    @Test func nullDatamodelHasNoVariables() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<datamodel><data id="x" expr="1"/></datamodel><state id="s"/>"#, attributes: #"datamodel="null""#)
            ))
        guard case .invalidStructure("data", _, _) = error else {
            Issue.record("expected invalidStructure, got \(error)")
            return
        }
    }

    @Test func generatedIDsAreStableAndAvoidWrittenIDs() throws {
        let document = try SCXMLParser.parse(
            string: TestSupport.document(
                """
                <state id="__state.1">
                  <state/>
                  <parallel><state/></parallel>
                </state>
                <final/>
                """))
        #expect(document.allStates.map(\.id) == ["__state.1", "__state.2", "__state.3", "__state.4", "__state.5"])
        #expect(document.allStates.map(\.hasGeneratedID) == [false, true, true, true, true])
        let again = try SCXMLParser.parse(string: SCXMLExporter().export(document))
        #expect(again.allStates.map(\.id) == document.allStates.map(\.id))
    }

    @Test func validatorChecksDocumentsBuiltInCode() throws {
        let document = SCXMLDocument(states: [
            SCXMLStateNode(kind: .state, id: "a", transitions: [SCXMLTransitionNode(targets: ["b"])])
        ])
        #expect(throws: SCXMLError.unknownTarget("b", at: .unknown)) {
            try SCXMLDocumentValidator.validate(document)
        }
    }
}
