import Testing

@testable import StatecraftSCXML

/// Text that is not well-formed XML is rejected with the XML parser's line and column.
@Suite("Malformed XML")
struct MalformedXMLTests {
    @Test func mismatchedEndTagReportsItsLineAndColumn() throws {
        let text = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
              <state id="s0">
                <transition event="a" target="s0">
              </state>
            </scxml>
            """
        let error = try #require(TestSupport.parseError(text, file: "broken.scxml"))
        guard case .malformedXML(let message, let location) = error else {
            Issue.record("expected malformedXML, got \(error)")
            return
        }
        #expect(location.file == "broken.scxml")
        #expect(location.line == 4)
        #expect(location.column > 0)
        #expect(message.contains("end tag"))
        #expect(error.description.hasPrefix("broken.scxml:4:"))
    }

    @Test func undeclaredEntity() throws {
        let error = try #require(TestSupport.parseError("<scxml>\n  <state id=\"&nope;\"/>\n</scxml>"))
        guard case .malformedXML(let message, let location) = error else {
            Issue.record("expected malformedXML, got \(error)")
            return
        }
        #expect(location.line == 2)
        #expect(message.contains("entity"))
    }

    @Test func documentEndingInsideAnElement() throws {
        let error = try #require(TestSupport.parseError("<scxml version=\"1.0\">\n<state id=\"a\">\n"))
        guard case .malformedXML(_, let location) = error else {
            Issue.record("expected malformedXML, got \(error)")
            return
        }
        #expect(location.line >= 2)
    }

    @Test func emptyTextIsMalformed() throws {
        let error = try #require(TestSupport.parseError(""))
        guard case .malformedXML = error else {
            Issue.record("expected malformedXML, got \(error)")
            return
        }
    }

    @Test func contentAfterTheRootElement() throws {
        let error = try #require(TestSupport.parseError("<scxml version=\"1.0\"><state/></scxml>\n<extra/>"))
        guard case .malformedXML(_, let location) = error else {
            Issue.record("expected malformedXML, got \(error)")
            return
        }
        #expect(location.line == 2)
    }

    @Test func attributeGivenTwice() throws {
        let error = try #require(TestSupport.parseError("<scxml version=\"1.0\" version=\"1.0\"/>"))
        guard case .malformedXML(let message, _) = error else {
            Issue.record("expected malformedXML, got \(error)")
            return
        }
        #expect(message.contains("twice"))
    }
}
