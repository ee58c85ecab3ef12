import Testing

@testable import StatecraftSCXML

/// `SCXMLExpression.description` prints text that parses back to the same expression, whatever characters its
/// strings and names hold: control characters, combining marks that would fuse with a quote, surrogate pairs
/// (issue 17).
@Suite("Expression print → parse round trip")
struct ExpressionRoundTripTests {
    static let awkwardScalars: [Unicode.Scalar] = [
        "\u{0}", "\u{1}", "\u{7}", "\u{8}", "\t", "\n", "\u{B}", "\u{C}", "\r", "\u{1B}", "\u{1F}", "\u{7F}",
        "\u{85}", "\u{A0}", "\u{AD}", "\u{300}", "\u{301}", "\u{308}", "\u{20DD}", "\u{200B}", "\u{200C}",
        "\u{200D}", "\u{2028}", "\u{2029}", "\u{FE0F}", "\u{FEFF}", "\u{1F3FB}", "\u{1F600}", "\u{1F1E6}",
        "\u{600}", "\u{E000}", "'", "\"", "\\", " ", "a", "é", "u", "0",
    ]

    @Test(arguments: [
        "\u{301}", "'\u{301}", "\u{301}'", "\\\u{301}", "\u{200D}", "\r\n", "a\u{0}b", "\u{1B}[31m", "\u{600}",
        "😀", "\u{1F3FB}", "\u{FEFF}x", "\u{85}", "\u{2028}",
    ])
    func stringLiteralsRoundTrip(text: String) throws {
        let expression = SCXMLExpression.literal(.string(text))
        #expect(
            try SCXMLExpression.parse(expression.description) == expression,
            "\(expression.description.debugDescription)")
    }

    @Test func identifiersWithCombiningMarksRoundTrip() throws {
        let expression = try SCXMLExpression.parse("a\u{301} + 'x\u{301}' == 'y'")
        #expect(try SCXMLExpression.parse(expression.description) == expression)
    }

    @Test func surrogatePairEscapesAreOneScalar() throws {
        #expect(try SCXMLExpression.parse(#"'\uD83D\uDE00'"#) == .literal(.string("😀")))
        #expect(throws: SCXMLExpressionError.self) { try SCXMLExpression.parse(#"'\uD83D'"#) }
    }

    @Test func randomStringsOfAwkwardScalarsRoundTrip() throws {
        var generator = SeededGenerator(seed: 0x17)
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                text.unicodeScalars.append(Self.awkwardScalars.randomElement(using: &generator) ?? "a")
            }
            let expression = SCXMLExpression.binary(.add, .literal(.string(text)), .variable("v"))
            #expect(
                (try? SCXMLExpression.parse(expression.description)) == expression,
                "\(expression.description.debugDescription)")
        }
    }
}
