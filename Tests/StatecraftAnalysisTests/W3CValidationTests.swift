import Foundation
import StatecraftAnalysis
import StatecraftSCXML
import StatecraftTestSupport
import Testing

/// The validation rules over the W3C conformance charts (`../shared/conformance/w3c`), which are correct
/// charts: every finding must be explained, and the findings must stay exactly those of
/// `Expected/w3c-validate.txt`.
///
/// The explanations, by kind of finding:
/// - `state 'fail' is unreachable` (every test): a conformance test reaches `fail` only when the
///   interpreter breaks the rule under test; exploring with the real step shows it never does.
/// - `transition 's0 --*--> fail' is never taken … takes it first` (200, 208, 348): the catch-all
///   transition after the expected event, for interpreters that deliver the wrong event.
/// - `event … is never handled`: a `timeout` (or a second event) that would fail the test, sent or
///   awaited after the test has already passed — often during its first macrostep — or events raised by
///   the chart whose transitions a conformant interpreter never reaches (``explanations`` names each).
/// - Other unreachable states: the states a conformant interpreter skips, listed per test in
///   ``explanations``.
@Suite("Validation over the W3C conformance charts", .needsConformanceSuite)
struct W3CValidationTests {
    static let directory = ConformanceSuite.w3c

    /// Why each test has findings other than an unreachable `fail` and a catch-all `*` transition.
    static let explanations: [String: String] = [
        "test189":
            "passes in its first macrostep on event1 (sent to #_internal); event2, sent to the external queue, would come after",
        "test278": "s1 only declares the data element s0 reads (early binding); it is never entered",
        "test279": "s1 only declares the data element the test reads; it is never entered",
        "test355":
            "without an initial attribute the first state in document order, s0, is entered; s1 is the wrong one",
        "test364":
            "the initial attributes and <initial> elements name the states to enter; their siblings are the wrong ones; timeout would fail the test",
        "test387": "shallow history defaults and recorded values skip the states that would fail",
        "test388": "deep history restores s012 each time, skipping s02…; entering and timeout would fail the test",
        "test403a": "a timeout that would fail the test, after it passed",
        "test405": "a timeout that would fail the test, after it passed",
        "test406": "a timeout that would fail the test, after it passed",
        "test411":
            "event1 is raised only if s01 were active during s0's onentry, which it is not yet; timeout would fail the test",
        "test412": "a timeout that would fail the test, after it passed",
        "test413": "the initial attribute of <scxml> names s2p112 and s2p122; s1 and the siblings are the wrong ones",
        "test416": "a timeout that would fail the test, after it passed",
        "test417": "a timeout that would fail the test, after it passed",
        "test421": "passes on internal events before externalEvent, sent to the external queue, is processed",
        "test436": "s1 exists only for the In('s1') guard, which must be false; it is never entered",
        "test550": "s1 only declares the early-bound data element the test reads; it is never entered",
        "test570": "a timeout that would fail the test, after it passed",
        "test576": "the initial attribute of <scxml> names s11p112 and s11p122; s0 and the siblings are the wrong ones",
        "test580": "a timeout that would fail the test, after it passed",
    ]

    /// The findings of every rule for every chart of the directory, one line each, file names relative.
    static func findings() throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".scxml") }.sorted()
        var lines: [String] = []
        for file in files {
            let data = try Data(contentsOf: directory.appendingPathComponent(file))
            let model = try SCXMLExplorationModel(document: SCXMLParser.parse(data: data, file: file))
            let space = StateSpaceExplorer(model).explore(limits: ExplorationLimits(maxConfigurations: 20_000))
            lines += MachineValidator().validate(model.validationSubject(of: space)).map(\.description)
        }
        return lines
    }

    @Test("The findings are exactly the expected ones")
    func expectedFindings() throws {
        let expected = try String(
            contentsOf: repositoryRoot.appendingPathComponent(
                "Tests/StatecraftAnalysisTests/Expected/w3c-validate.txt"),
            encoding: .utf8
        ).split(separator: "\n").map(String.init)
        #expect(try Self.findings() == expected)
    }

    @Test("Every finding is explained, and every explanation is needed")
    func everyFindingIsExplained() throws {
        let findings = try Self.findings()
        var needing: Set<String> = []
        for line in findings {
            let test = String(line.prefix { $0 != "." })
            let isFail = line.contains("state 'fail' is unreachable")
            let isCatchAll = line.contains("--*--> fail' is never taken")
            #expect(isFail || isCatchAll || Self.explanations[test] != nil, "unexplained finding: \(line)")
            if !isFail && !isCatchAll { needing.insert(test) }
            #expect(!line.contains("error:"), "a W3C chart never settles: \(line)")
        }
        #expect(Set(Self.explanations.keys) == needing)
    }
}
