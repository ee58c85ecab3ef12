import Foundation
import StatecraftAnalysis
import StatecraftSCXML
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
@Suite("Validation over the W3C conformance charts")
struct W3CValidationTests {
    static let directory = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance/w3c")

    /// Why each test has findings other than an unreachable `fail` and a catch-all `*` transition.
    static let explanations: [String: String] = [
        "test144": "raises foo and bar and finishes in its first macrostep: s0, s1 are entered only on the way",
        "test147": "passes in its first macrostep (s0 only on the way); bar is raised only on a branch a conformant <if> skips",
        "test148": "passes in its first macrostep (s0 only on the way); baz is raised only on a branch <else> skips",
        "test149": "passes in its first macrostep (s0 only on the way); bat is raised only inside an <if> that is false",
        "test158": "raises event1 and event2 and finishes in its first macrostep: s0, s1 only on the way",
        "test189": "passes in its first macrostep on event1 (#_internal); s0 only on the way; event2 would come after",
        "test278": "passes in its first macrostep; s0 only on the way, s1 holds the data element it reads",
        "test279": "passes in its first macrostep; s0 only on the way, s1 holds the late-bound data element",
        "test287": "passes in its first macrostep: s0 only on the way",
        "test310": "passes in its first macrostep: p, s0, s1 only on the way",
        "test355": "starts in the first state in document order; s1 is the wrong one",
        "test364": "every s…2-style alternative initial state is the wrong one; timeout would fail the test",
        "test387": "shallow history defaults and recorded values skip the states that would fail",
        "test388": "deep history re-enters s012 each time, skipping s02…; entering and timeout would fail the test",
        "test403a": "a timeout that would fail the test, after it passed",
        "test405": "a timeout that would fail the test, after it passed",
        "test406": "a timeout that would fail the test, after it passed",
        "test411": "passes on entering s0's children in its first macrostep; timeout and event1 would come after",
        "test412": "a timeout that would fail the test, after it passed",
        "test413": "the initial attribute of <scxml> names s2p112 and s2p122; s1 and the siblings are the wrong ones",
        "test416": "a timeout that would fail the test, after it passed",
        "test417": "a timeout that would fail the test, after it passed",
        "test421": "passes on internal events before externalEvent is processed",
        "test436": "In() is checked in its first macrostep; s1 is never needed",
        "test550": "passes in its first macrostep; s1 holds the early-bound data element it reads",
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
            contentsOf: repositoryRoot.appendingPathComponent("Tests/StatecraftAnalysisTests/Expected/w3c-validate.txt"),
            encoding: .utf8
        ).split(separator: "\n").map(String.init)
        #expect(try Self.findings() == expected)
    }

    @Test("Every finding is explained")
    func everyFindingIsExplained() throws {
        for line in try Self.findings() {
            let test = String(line.prefix { $0 != "." })
            let isFail = line.contains("state 'fail' is unreachable")
            let isCatchAll = line.contains("--*--> fail' is never taken")
            #expect(isFail || isCatchAll || Self.explanations[test] != nil, "unexplained finding: \(line)")
            #expect(!line.contains("error:"), "a W3C chart never settles: \(line)")
        }
    }
}
