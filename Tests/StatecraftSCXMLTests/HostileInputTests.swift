import Foundation
import Testing

@testable import StatecraftSCXML

/// Malformed and adversarial documents end in a typed error naming the problem and its line, never in a crash
/// inside libxml2 or FoundationXML, a stack overflow or unbounded memory (issue 17).
@Suite("Hostile input")
struct HostileInputTests {
    static let root = #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">"#

    static func error(_ bytes: [UInt8], limits: SCXMLLimits = .default) -> SCXMLError? {
        do {
            _ = try SCXMLParser.parse(data: Data(bytes), file: "hostile.scxml", limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static func error(_ text: String, limits: SCXMLLimits = .default) -> SCXMLError? {
        error(Array(text.utf8), limits: limits)
    }

    // MARK: Encodings (SIGSEGV in libxml2 before: the delegate aborted inside the encoding-error callback)

    @Test(arguments: [
        ("UTF-32", "UTF-32"), ("Shift_JIS", "Shift_JIS"), ("ISO-2022-JP", "ISO-2022-JP"), ("latin1", "latin1"),
    ])
    func declaredEncodingsOtherThanUTF8AreNamed(declared: String, named: String) throws {
        let bytes =
            Array("<?xml version=\"1.0\" encoding=\"\(declared)\"?>\n\(Self.root)<state id=\"a".utf8)
            + [0x81, 0x20, 0xFF] + Array("\"/></scxml>".utf8)
        let error = try #require(Self.error(bytes))
        #expect(
            error
                == .unsupportedEncoding(
                    name: named,
                    at: SCXMLSourceLocation(
                        file: "hostile.scxml", line: 1,
                        column: 1)))
        #expect(error.description.contains("encoded in \(named)"))
    }

    @Test(
        arguments: [
            ([0x00, 0x00, 0x00, 0x3C], "UTF-32 (big-endian)"),
            ([0x3C, 0x00, 0x00, 0x00], "UTF-32 (little-endian)"),
            ([0xFF, 0xFE, 0x3C, 0x00], "UTF-16 (little-endian, with a byte order mark)"),
            ([0x00, 0x3C, 0x00, 0x3F], "UTF-16 (big-endian)"),
            ([0x4C, 0x6F, 0xA7, 0x94], "EBCDIC"),
        ] as [([UInt8], String)])
    func encodingsRecognisedFromTheFirstBytes(start: [UInt8], named: String) throws {
        let error = try #require(Self.error(start + Array("scxml/>".utf8)))
        guard case .unsupportedEncoding(let name, let location) = error else {
            Issue.record("expected unsupportedEncoding, got \(error)")
            return
        }
        #expect(name == named)
        #expect(location.line == 1)
    }

    @Test func bytesThatAreNotUTF8AreReportedWithTheirPosition() throws {
        let bytes = Array("\(Self.root)\n<state id=\"a".utf8) + [0xFF] + Array("\"/></scxml>".utf8)
        let error = try #require(Self.error(bytes))
        guard case .unsupportedEncoding(let name, let location) = error else {
            Issue.record("expected unsupportedEncoding, got \(error)")
            return
        }
        #expect(name.contains("0xFF"))
        #expect(location.line == 2)
        #expect(location.column == 13)
    }

    @Test func asciiDeclarationWithANonASCIIByte() throws {
        let text = "<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n\(Self.root)<state id=\"é\"/></scxml>"
        let error = try #require(Self.error(text))
        guard case .unsupportedEncoding(let name, _) = error else {
            Issue.record("expected unsupportedEncoding, got \(error)")
            return
        }
        #expect(name.contains("US-ASCII"))
    }

    @Test func utf8DeclarationsAndByteOrderMarkAreRead() throws {
        let declared = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\(Self.root)<state id=\"é\"/></scxml>"
        #expect(Self.error(declared) == nil)
        #expect(Self.error([0xEF, 0xBB, 0xBF] + Array(declared.utf8)) == nil)
    }

    // MARK: Processing instructions (SIGSEGV before: FoundationXML passed a NULL string to strlen)

    @Test(arguments: ["<?pi?>\n", "<?pi  ?>\n", "<!-- <?pi?> -->\n", "<?pi data?>\n"])
    func processingInstructionsAreSkipped(prolog: String) throws {
        let text = prolog + Self.root + "\n<state id=\"a\"><?inner?></state>\n<?tail?></scxml>"
        let document = try SCXMLParser.parse(string: text)
        #expect(document.states.map(\.id) == ["a"])
        // Blanking keeps positions: the state is on the line after the root's.
        #expect(document.states[0].sourceLocation.line == prolog.filter { $0 == "\n" }.count + 2)
    }

    /// Found by the fuzzer: libxml2 recovers from `<` in an attribute value and parsed the empty processing
    /// instruction after it, which the scan had read as part of the value.
    @Test func anEmptyProcessingInstructionInsideAnAttributeValue() throws {
        let error = try #require(Self.error(Self.root.dropLast() + " name=\"machin<?pi?>>\n<state id=\"a\"/></scxml>"))
        guard case .malformedXML(let message, let location) = error else {
            Issue.record("expected malformedXML, got \(error)")
            return
        }
        // The empty processing instruction is blanked out, so the value runs on to the `<` of `<state`.
        #expect(message == "'<' is not allowed in an attribute value")
        #expect(location.line == 2)
    }

    /// Also found by the fuzzer: the bytes of an empty processing instruction inside an end tag, or after an
    /// XML declaration that is not terminated, reached FoundationXML once libxml2 recovered from the error.
    @Test(arguments: [
        "\(root)<datamodel><data id=\"x\"/></dat<?pi?>amodel><state id=\"a\"/></scxml>",
        "<?xml versal=\"list\" datamodel=\"null\">\n\(root)<state id<?pi?>=\"a\"/></scxml>",
        "\(root)<state id=\"a\"><![CDATA[<?pi ?>]]></state></scxml>",
    ])
    func emptyProcessingInstructionsAnywhereNeverReachTheXMLParser(text: String) {
        // Malformed or not, these must end in a value or an error, not a crash.
        _ = Self.error(text)
    }

    // MARK: DTDs and entities (expanded to nothing, or silently dropped, before)

    @Test func internalEntitiesAreRejectedWithTheDTD() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE scxml [<!ENTITY inner "INNER">]>
            \(Self.root)<state id="c&inner;d"/></scxml>
            """
        let error = try #require(Self.error(text))
        #expect(error == .documentTypeDeclaration(at: SCXMLSourceLocation(file: "hostile.scxml", line: 2, column: 1)))
        #expect(error.description.contains("<!DOCTYPE"))
    }

    @Test func billionLaughsIsRejectedBeforeAnyExpansion() throws {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            text +=
                "<!ENTITY lol\(level) \""
                + String(
                    repeating: "&lol\(level == 1 ? "" : String(level - 1));",
                    count: 10) + "\">\n"
        }
        text += "]>\n\(Self.root)<state id=\"a\"><onentry><log expr=\"'&lol9;'\"/></onentry></state></scxml>"
        guard case .documentTypeDeclaration(let location) = try #require(Self.error(text)) else {
            Issue.record("expected documentTypeDeclaration")
            return
        }
        #expect(location.line == 2)
    }

    @Test func anExternalEntityReferenceIsNamed() throws {
        let error = try #require(Self.error("\(Self.root)\n<state id=\"a&ext;b\"/></scxml>"))
        guard case .malformedXML(let message, let location) = error else {
            Issue.record("expected malformedXML, got \(error)")
            return
        }
        #expect(message.contains("'&ext;'"))
        #expect(location.line == 2)
    }

    @Test func entityReferenceInTextIsNamed() throws {
        let text = "\(Self.root)<datamodel><data id=\"x\">'c&inner;d'</data></datamodel><state id=\"a\"/></scxml>"
        let error = try #require(Self.error(text))
        #expect(error.description.contains("'&inner;'"))
    }

    @Test func predefinedEntitiesAndCharacterReferencesStillWork() throws {
        let text = """
            \(Self.root)<datamodel><data id="x" expr="'&lt;&amp;&#65;&#x42;&quot;&gt;'"/></datamodel>
            <state id="a"/></scxml>
            """
        let document = try SCXMLParser.parse(string: text)
        #expect(document.data[0].expression == .literal(.string("<&AB\">")))
    }

    @Test func libxmlErrorNumbersBecomeSentences() throws {
        let error = try #require(Self.error("\(Self.root)<!-- never closed <state id=\"a\"/></scxml>"))
        #expect(!error.description.contains("XML error"))
        #expect(error.description.contains("comment"))
    }

    // MARK: Limits

    @Test func nestedStatesDeeperThanTheLimitNameItAndTheLine() throws {
        func nested(_ depth: Int) -> String {
            Self.root + "\n" + (0..<depth).map { "<state id=\"s\($0)\">\n" }.joined()
                + String(repeating: "</state>", count: depth) + "</scxml>"
        }
        // <scxml> is level 1, so 255 states fit in the default 256 levels.
        let document = try SCXMLParser.parse(string: nested(255))
        #expect(document.allStates.count == 255)
        let error = try #require(Self.error(nested(4_000)))
        #expect(
            error
                == .limitExceeded(
                    .nestingDepth, limit: 256,
                    at: SCXMLSourceLocation(file: "hostile.scxml", line: 257, column: 1)))
        #expect(error.description.contains("nesting depth limit of 256"))
        #expect(error.description.contains("SCXMLLimits.maximumNestingDepth"))
    }

    @Test func nestedIfsDeeperThanTheLimitAreRejected() throws {
        let text =
            Self.root + "<state id=\"a\"><onentry>\n" + String(repeating: "<if cond=\"true\">", count: 4_000)
            + String(repeating: "</if>", count: 4_000) + "</onentry></state></scxml>"
        let error = try #require(Self.error(text))
        guard case .limitExceeded(.nestingDepth, 256, let location) = error else {
            Issue.record("expected the nesting depth limit, got \(error)")
            return
        }
        #expect(location.line == 2)
    }

    @Test func aRaisedDepthLimitReadsTheDeeperDocument() throws {
        var limits = SCXMLLimits.default
        limits.maximumNestingDepth = 400
        let text =
            Self.root + (0..<300).map { "<state id=\"s\($0)\">" }.joined()
            + String(repeating: "</state>", count: 300) + "</scxml>"
        #expect(try SCXMLParser.parse(string: text, limits: limits).allStates.count == 300)
    }

    @Test func theDocumentSizeLimit() throws {
        let text = Self.root + "<state id=\"a\"/></scxml>"
        let limits = SCXMLLimits(maximumDocumentSize: 40)
        #expect(
            Self.error(text, limits: limits)
                == .limitExceeded(
                    .documentSize, limit: 40, at: SCXMLSourceLocation(file: "hostile.scxml", line: 1, column: 1)))
    }

    @Test func theStateCountLimit() throws {
        let text = Self.root + "\n<state id=\"a\"/>\n<state id=\"b\"/>\n<final id=\"c\"/></scxml>"
        let limits = SCXMLLimits(maximumStates: 2)
        #expect(
            Self.error(text, limits: limits)
                == .limitExceeded(
                    .states, limit: 2, at: SCXMLSourceLocation(file: "hostile.scxml", line: 4, column: 1)))
    }

    @Test func theExpressionLengthLimit() throws {
        let long = (0..<3_000).map { _ in "1" }.joined(separator: " + ")
        let text = Self.root + "<datamodel>\n<data id=\"x\" expr=\"\(long)\"/></datamodel><state id=\"a\"/></scxml>"
        guard case .limitExceeded(.expressionLength, 10_000, let location) = try #require(Self.error(text)) else {
            Issue.record("expected the expression length limit")
            return
        }
        #expect(location.line == 2)
    }

    @Test func documentsBuiltInCodeAreCheckedByTheValidatorAndTheBuilder() throws {
        var node = SCXMLStateNode(kind: .state, id: "s0")
        for level in 1..<300 {
            var parent = SCXMLStateNode(kind: .state, id: "s\(level)")
            parent.children = [node]
            node = parent
        }
        var document = SCXMLDocument()
        document.states = [node]
        #expect(throws: SCXMLError.limitExceeded(.nestingDepth, limit: 256, at: .unknown)) {
            try SCXMLDocumentValidator.validate(document)
        }
        #expect(throws: SCXMLError.limitExceeded(.nestingDepth, limit: 256, at: .unknown)) {
            try SCXMLChartBuilder().build(document)
        }
    }

    @Test func aChartAtTheDepthLimitBuildsAndRuns() throws {
        let text =
            Self.root + (0..<255).map { "<state id=\"s\($0)\">" }.joined()
            + String(repeating: "</state>", count: 255) + "</scxml>"
        let session = try SCXMLSession(document: try SCXMLParser.parse(string: text))
        #expect(session.snapshot.configuration.count == 255)
    }

    // MARK: Value size (memory doubled until the process died before)

    @Test func aDoublingAssignmentStopsAtTheValueSizeLimit() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="x" expr="'ab'"/></datamodel>
            <state id="a">
              <onentry><raise event="grow"/></onentry>
              <transition event="grow" target="a"><assign location="x" expr="x + x"/></transition>
              <transition event="error.execution" target="done"/>
            </state>
            <state id="done"/>
            """)
        #expect(session.snapshot.configuration == ["done"])
        let value = try #require(session.snapshot.context.variables["x"]?.stringValue)
        #expect(value.utf8.count == 1 << 20)
    }

    @Test func theValueSizeLimitInTheEnvironment() throws {
        var environment = SCXMLExpressionEnvironment(variables: ["x": .string("abcd")])
        environment.maximumValueSize = 7
        #expect(try environment.evaluate(SCXMLExpression.parse("x + 'ab'")) == .string("abcdab"))
        #expect(throws: SCXMLExpressionError.valueTooLarge(size: 8, limit: 7)) {
            try environment.evaluate(SCXMLExpression.parse("x + x"))
        }
        #expect(throws: SCXMLExpressionError.valueTooLarge(size: 8, limit: 7)) {
            try environment.evaluate(SCXMLExpression.parse("1234 + x"))
        }
    }

    // MARK: Source positions on one line

    @Test func columnsOnOneLongLineAreExact() throws {
        let states = (0..<500).map { "<state id=\"s\($0)\"/>" }
        let document = try SCXMLParser.parse(string: Self.root + states.joined() + "</scxml>")
        var column = Self.root.count + 1
        for (index, state) in document.states.enumerated() {
            #expect(state.sourceLocation == SCXMLSourceLocation(line: 1, column: column))
            column += states[index].count
        }
    }
}

/// `SCXMLLimits.maximumStepsPerMacrostep` sets the bound a document's macrosteps run under.
@Suite("SCXML macrostep bound")
struct SCXMLMacrostepBoundTests {
    static let looping = """
        <state id="s0">
          <transition event="*"><assign location="undeclared" expr="1"/></transition>
        </state>
        """

    @Test func aSessionRunsUnderItsLimitsBound() throws {
        let document = try SCXMLParser.parse(
            string: """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
                \(Self.looping)
                </scxml>
                """)
        for bound in [50, 10_000] {
            let session = try SCXMLSession(
                document: document, limits: SCXMLLimits(maximumStepsPerMacrostep: bound))
            var loops: [Int] = []
            session.run(input: [.event("go")]) { record in
                if let loop = record.loopError { loops.append(loop.bound) }
            }
            // `*` takes the error.execution its own assignment raises, again and again, up to the bound.
            #expect(loops == [bound])
        }
    }
}
