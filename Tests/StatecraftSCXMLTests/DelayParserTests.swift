import Testing

@testable import StatecraftSCXML

/// CSS2 time values for `<send delay>`.
@Suite("Delay parsing")
struct DelayParserTests {
    static let valid: [(String, Duration)] = [
        ("1s", .seconds(1)), ("500ms", .milliseconds(500)), (".5s", .milliseconds(500)), ("1.5s", .milliseconds(1500)),
        ("0s", .zero), (" 2s ", .seconds(2)), ("0.25ms", .microseconds(250)), ("10.ms", .milliseconds(10)),
    ]

    @Test(arguments: valid)
    func validDelays(text: String, expected: Duration) throws {
        #expect(try SCXMLDelayParser.parse(text) == expected)
    }

    static let invalid: [(String, SCXMLDelayError)] = [
        ("", .empty), ("   ", .empty), ("s", .invalidNumber("s")), ("-1s", .invalidNumber("-1s")),
        ("1.2.3s", .invalidNumber("1.2.3s")), ("5", .missingUnit("5")), ("5m", .unknownUnit("5m", unit: "m")),
        ("5 s", .unknownUnit("5 s", unit: " s")), ("1e3s", .unknownUnit("1e3s", unit: "e3s")),
        ("99999999999s", .outOfRange("99999999999s")),
    ]

    @Test(arguments: invalid)
    func invalidDelays(text: String, expected: SCXMLDelayError) {
        #expect(throws: expected) { try SCXMLDelayParser.parse(text) }
    }

    @Test func formatRoundTrips() throws {
        for duration: Duration in [.seconds(2), .milliseconds(1500), .microseconds(250), .nanoseconds(1), .zero] {
            #expect(try SCXMLDelayParser.parse(SCXMLDelayParser.format(duration)) == duration)
        }
        #expect(SCXMLDelayParser.format(.milliseconds(1500)) == "1500ms")
        #expect(SCXMLDelayParser.format(.seconds(3)) == "3s")
        #expect(SCXMLDelayParser.format(.microseconds(250)) == "0.25ms")
        // Past Int64 nanoseconds: whole seconds, not an overflow trap.
        #expect(SCXMLDelayParser.format(.seconds(10_000_000_000)) == "10000000000s")
    }
}
