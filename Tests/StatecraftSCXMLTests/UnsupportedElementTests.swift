import Testing

@testable import StatecraftSCXML

/// Elements and attributes Statecraft does not support are errors naming them and their line, never skipped.
@Suite("Unsupported and unknown elements")
struct UnsupportedElementTests {
    static let unsupported: [(String, String)] = [
        ("invoke", #"<state id="s0"><invoke type="scxml" src="x.scxml"/></state>"#),
        ("finalize", #"<state id="s0"><finalize/></state>"#),
    ]

    @Test(arguments: unsupported)
    func unsupportedElementIsNamedWithItsLine(name: String, body: String) throws {
        let text = TestSupport.document("\n\n" + body)
        let error = try #require(TestSupport.parseError(text, file: "t.scxml"))
        #expect(error == .unsupportedElement(name: name, at: try #require(error.sourceLocation)))
        #expect(error.sourceLocation?.line == 4)
        #expect(error.description.contains("<\(name)>"))
        #expect(error.description.hasPrefix("t.scxml:4:"))
    }

    @Test func unknownElement() throws {
        let error = try #require(TestSupport.parseError(TestSupport.document(#"<state id="s0"><frobnicate/></state>"#)))
        guard case .unknownElement(let name, let location) = error else {
            Issue.record("expected unknownElement, got \(error)")
            return
        }
        #expect(name == "frobnicate")
        #expect(location.line == 2)
    }

    @Test func elementOfAnotherNamespace() throws {
        let text = TestSupport.document(#"<state id="s0" xmlns:x="urn:x"><x:thing/></state>"#)
        let error = try #require(TestSupport.parseError(text))
        guard case .unknownElement(let name, _) = error else {
            Issue.record("expected unknownElement, got \(error)")
            return
        }
        #expect(name.contains("x:thing"))
    }

    @Test func misplacedElement() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<final id="f"><transition target="f"/></final>"#)))
        guard case .misplacedElement("transition", "final", _) = error else {
            Issue.record("expected misplacedElement, got \(error)")
            return
        }
    }

    @Test func elseifOutsideIf() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<state id="s"><onentry><elseif cond="true"/></onentry></state>"#)))
        guard case .misplacedElement("elseif", "onentry", _) = error else {
            Issue.record("expected misplacedElement, got \(error)")
            return
        }
    }

    @Test func unknownAttribute() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<state id="s0" colour="red"/>"#)))
        #expect(error == .unknownAttribute(name: "colour", element: "state", at: try #require(error.sourceLocation)))
    }

    @Test func prefixedAttributesAreIgnored() throws {
        let text = TestSupport.document(#"<state id="s0" xmlns:x="urn:x" x:colour="red" xml:lang="en"/>"#)
        #expect(TestSupport.parseError(text) == nil)
    }

    @Test func unsupportedAttribute() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<script src="a.js"/><state id="s0"/>"#)))
        guard case .unsupportedAttribute("src", "script", _) = error else {
            Issue.record("expected unsupportedAttribute, got \(error)")
            return
        }
    }

    @Test func missingRequiredAttribute() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<state id="s0"><onentry><raise/></onentry></state>"#)))
        guard case .missingAttribute("event", "raise", let location) = error else {
            Issue.record("expected missingAttribute, got \(error)")
            return
        }
        #expect(location.line == 2)
    }

    @Test func unsupportedDatamodel() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<state id="s0"/>"#, attributes: #"datamodel="xpath""#)))
        guard case .unsupportedDatamodel("xpath", _) = error else {
            Issue.record("expected unsupportedDatamodel, got \(error)")
            return
        }
    }

    @Test func textInsideAState() throws {
        let error = try #require(TestSupport.parseError(TestSupport.document(#"<state id="s0">hello</state>"#)))
        guard case .unexpectedText("state", _) = error else {
            Issue.record("expected unexpectedText, got \(error)")
            return
        }
    }

    /// SCXML §6.2: a target or type the processor cannot use is an error event when the send runs, not a
    /// load error; `statecraft run --log` shows it with its line.
    @Test(arguments: [
        (##"<send event="e" target="baz" id="s1"/>"##, "error.execution", "the target 'baz' is not supported"),
        (##"<send event="e" type="http://example.com/basichttp"/>"##, "error.execution", "the type"),
        (##"<send event="e" target="#_scxml_other"/>"##, "error.communication", "no session '#_scxml_other'"),
    ])
    func unsupportedSendTargetAndTypeAreErrorsAtRunTime(send: String, event: String, message: String) throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="id"/></datamodel>
            <state id="s0">
              <onentry>\(send)<raise event="after"/></onentry>
              <transition event="\(event)" target="s1"><assign location="id" expr="_event.sendid"/></transition>
              <transition event="*" target="wrong"/>
            </state>
            <state id="s1"/>
            <state id="wrong"/>
            """)
        #expect(session.snapshot.configuration == ["s1"])
        let errors = session.initialMacrostep.errors
        #expect(errors.count == 1)
        #expect(errors.first?.contains(message) == true, "\(errors)")
        #expect(errors.first?.hasPrefix("\(event) in entry of state 's0'") == true, "\(errors)")
        #expect(errors.first?.contains("test.scxml:4:") == true, "\(errors)")
        if send.contains("id=\"s1\"") {
            #expect(session.snapshot.context.variables["id"] == "s1")
        }
    }

    @Test func conflictingSendAttributes() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<state id="s0"><onentry><send event="e" eventexpr="'e'"/></onentry></state>"#)))
        guard case .conflictingAttributes("event", "eventexpr", "send", _) = error else {
            Issue.record("expected conflictingAttributes, got \(error)")
            return
        }
    }

    @Test func invalidDelay() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<state id="s0"><onentry><send event="e" delay="soon"/></onentry></state>"#)))
        guard case .invalidAttributeValue("delay", "soon", "send", _, _) = error else {
            Issue.record("expected invalidAttributeValue, got \(error)")
            return
        }
    }

    @Test func invalidExpression() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<state id="s0"><transition cond="Var1 = 1" target="s0"/></state>"#)))
        guard case .invalidExpression("cond", "Var1 = 1", "transition", .syntax, let location) = error else {
            Issue.record("expected invalidExpression, got \(error)")
            return
        }
        #expect(location.line == 2)
    }

    @Test func assignToSomethingThatIsNotALocation() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<datamodel><data id="a"/></datamodel><state id="s0"><onentry><assign location="a + 1" expr="1"/></onentry></state>"#
                )))
        guard case .invalidExpression("location", _, "assign", .invalidLocation, _) = error else {
            Issue.record("expected invalidExpression, got \(error)")
            return
        }
    }
}
