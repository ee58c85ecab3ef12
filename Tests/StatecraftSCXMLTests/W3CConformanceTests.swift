import Foundation
import StatecraftTestSupport
import Testing

@testable import StatecraftSCXML

/// Every test of `../shared/conformance/w3c/manifest.tsv` runs through the importer and the runtime on a
/// virtual clock and must reach its top-level final state `pass` (test 415, manual: halt in a top-level
/// final state and process nothing more).
@Suite("W3C conformance", .needsConformanceSuite)
struct W3CConformanceTests {
    /// One row of the manifest.
    struct Case: CustomTestStringConvertible, Sendable {
        let test: String
        let files: [String]
        let isManual: Bool
        let assertion: String

        var testDescription: String { "test \(test)" }
    }

    static func manifest() throws -> [Case] {
        // Absent files: no cases (the suite's trait skips it, or fails the run that requires them).
        guard ConformanceSuite.isPresent else { return [] }
        let url = TestSupport.conformanceDirectory.appendingPathComponent("manifest.tsv")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst()
        return lines.map { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Case(
                test: columns[0], files: columns[1].split(separator: " ").map(String.init),
                isManual: columns[3] == "true", assertion: columns.count > 5 ? columns[5] : "")
        }
    }

    @Test func theManifestListsFiftyTests() throws {
        let cases = try Self.manifest()
        #expect(cases.count == 50)
        #expect(cases.flatMap(\.files).count == 52)
    }

    @Test func theAllowListIsEmpty() {
        #expect(
            W3CAllowList.expectedFailures.isEmpty, "W3C tests that cannot pass yet: \(W3CAllowList.expectedFailures)")
    }

    @Test(arguments: try manifest())
    func passes(_ conformanceCase: Case) throws {
        for file in conformanceCase.files {
            let url = TestSupport.conformanceDirectory.appendingPathComponent(file)
            let session = try SCXMLSession(contentsOf: url)
            var records: [SCXMLMacrostepRecord] = []
            let outcome = session.run(events: [String]()) { records.append($0) }
            let passed: Bool
            if conformanceCase.isManual {
                // Halted in a top-level final state, with nothing left to process.
                passed =
                    session.isFinished && session.queuedEventCount == 0 && session.pendingDelayedEventCount == 0
                    && records.count == 1
            } else {
                passed = outcome == .finished("pass")
            }
            if let reason = W3CAllowList.expectedFailures[conformanceCase.test] {
                #expect(!passed, "test \(conformanceCase.test) passes now: remove it from W3CAllowList (\(reason))")
                withKnownIssue("\(reason)") {
                    #expect(passed)
                }
            } else {
                #expect(
                    passed,
                    """
                    \(file) ended in \(outcome) (\(conformanceCase.assertion))
                    \(records.map { $0.jsonLine + " " + $0.errors.joined(separator: "; ") }.joined(separator: "\n"))
                    """)
            }
        }
    }
}
