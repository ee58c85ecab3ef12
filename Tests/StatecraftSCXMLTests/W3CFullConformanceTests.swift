import Foundation
import StatecraftTestSupport
import Testing

@testable import StatecraftSCXML

/// Every automatic test of `../shared/conformance/w3c-full/manifest.tsv` (the whole W3C SCXML IRP for the
/// ECMAScript data model) runs through the importer and the session `statecraft run` uses, on a virtual
/// clock; it passes when every one of its files reaches the top-level final state `pass`.
///
/// ``W3CFullAllowList`` lists each test that does not pass yet with its reason; a listed test that passes
/// fails the suite, so the list stays exact.
@Suite("W3C conformance, full IRP (ECMAScript)", .needsConformanceSuite)
struct W3CFullConformanceTests {
    /// One row of the manifest.
    struct Case: CustomTestStringConvertible, Sendable {
        let test: String
        let files: [String]
        let isMandatory: Bool
        let isManual: Bool
        let features: String
        let assertion: String

        var testDescription: String { "test \(test)" }
    }

    /// The full IRP's folder (``ConformanceSuite``).
    static let directory = ConformanceSuite.w3cFull

    static func manifest() throws -> [Case] {
        // Absent files: no cases (the suite's trait skips it, or fails the run that requires them).
        guard ConformanceSuite.isPresent else { return [] }
        let url = directory.appendingPathComponent("manifest.tsv")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst()
        return lines.map { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Case(
                test: columns[0], files: columns[1].split(separator: " ").map(String.init),
                isMandatory: columns[2] == "mandatory", isManual: columns[3] == "true",
                features: columns.count > 5 ? columns[5] : "", assertion: columns.count > 7 ? columns[7] : "")
        }
    }

    static func automaticCases() throws -> [Case] {
        try manifest().filter { !$0.isManual }
    }

    /// Runs one file as `statecraft run FILE` does (no input events, delayed events delivered on the
    /// virtual clock); returns whether it reached `pass`, and what happened otherwise.
    static func run(_ file: String) -> (passed: Bool, detail: String) {
        let url = directory.appendingPathComponent(file)
        let session: SCXMLSession
        do {
            session = try SCXMLSession(contentsOf: url)
        } catch {
            return (false, "load: \(error)")
        }
        var records: [SCXMLMacrostepRecord] = []
        let outcome = session.run(events: [String]()) { records.append($0) }
        let errors = records.flatMap(\.errors)
        return (outcome == .finished("pass"), "\(outcome); errors: \(errors.prefix(3).joined(separator: " | "))")
    }

    static func passes(_ conformanceCase: Case) -> (passed: Bool, detail: String) {
        var details: [String] = []
        for file in conformanceCase.files {
            let (passed, detail) = run(file)
            if !passed { return (false, "\(file): \(detail)") }
            details.append(detail)
        }
        return (true, details.joined(separator: "; "))
    }

    @Test func theManifestListsTheWholeSuite() throws {
        let cases = try Self.manifest()
        #expect(cases.count == 201)
        #expect(cases.filter { $0.isMandatory && !$0.isManual }.count == 159)
        #expect(cases.filter { !$0.isMandatory && !$0.isManual }.count == 33)
    }

    @Test func everyAllowListEntryNamesATestAndAReason() throws {
        let tests = Set(try Self.automaticCases().map(\.test))
        for (test, reason) in W3CFullAllowList.expectedFailures {
            #expect(tests.contains(test), "W3CFullAllowList names \(test), which is no automatic test")
            #expect(!reason.isEmpty, "W3CFullAllowList gives no reason for \(test)")
        }
    }

    /// The figures: mandatory automatic tests passed out of 159, optional ones out of 33. They are printed
    /// and written to `.build/w3c-full-figures.txt`, and must match what the allow-list implies.
    @Test func figures() throws {
        let cases = try Self.automaticCases()
        var lines: [String] = []
        var mandatoryPassed = 0
        var optionalPassed = 0
        for conformanceCase in cases {
            let (passed, detail) = Self.passes(conformanceCase)
            if passed {
                if conformanceCase.isMandatory { mandatoryPassed += 1 } else { optionalPassed += 1 }
            }
            lines.append(
                "\(conformanceCase.test)\t\(conformanceCase.isMandatory ? "mandatory" : "optional")\t"
                    + "\(passed ? "pass" : "FAIL")\t\(conformanceCase.features)\t\(passed ? "" : detail)")
        }
        let mandatoryTotal = cases.filter(\.isMandatory).count
        let optionalTotal = cases.count - mandatoryTotal
        let summary =
            "W3C full IRP (ECMAScript): mandatory automatic \(mandatoryPassed)/\(mandatoryTotal), "
            + "optional \(optionalPassed)/\(optionalTotal)"
        print(summary)
        let report = ([summary] + lines).joined(separator: "\n") + "\n"
        try? report.write(
            to: RepositoryPaths.root.appendingPathComponent(".build/w3c-full-figures.txt"), atomically: true,
            encoding: .utf8)
        let listed = W3CFullAllowList.expectedFailures
        let expectedMandatory = cases.filter { $0.isMandatory && listed[$0.test] == nil }.count
        let expectedOptional = cases.filter { !$0.isMandatory && listed[$0.test] == nil }.count
        #expect(mandatoryPassed == expectedMandatory, "\(summary)")
        #expect(optionalPassed == expectedOptional, "\(summary)")
        try Self.checkDocumentsState(
            mandatory: (mandatoryPassed, mandatoryTotal), optional: (optionalPassed, optionalTotal))
    }

    /// The README and the SCXML articles state the figures the run measured, and no others.
    static func checkDocumentsState(mandatory: (passed: Int, total: Int), optional: (passed: Int, total: Int)) throws {
        let documents = [
            "README.md", "Sources/StatecraftSCXML/StatecraftSCXML.docc/SCXML.md",
            "Sources/StatecraftSCXML/StatecraftSCXML.docc/W3CConformance.md",
        ]
        for document in documents {
            let text = try String(
                contentsOf: RepositoryPaths.root.appendingPathComponent(document), encoding: .utf8
            ).replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "\n", with: " ")
            let statesMandatory =
                text.contains("\(mandatory.passed) of \(mandatory.total)")
                || (mandatory.passed == mandatory.total && text.contains("all \(mandatory.total) mandatory"))
            #expect(
                statesMandatory, "\(document) does not state \(mandatory.passed) of \(mandatory.total) mandatory tests")
            for stale in try Regex(#"(\d+) of the \d+ mandatory"#).firstMatch(in: text).map({ [$0] }) ?? [] {
                Issue.record("\(document) states '\(text[stale.range])'")
            }
            if document != documents[1] {
                #expect(
                    text.contains("\(optional.passed) of \(optional.total)")
                        || text.contains("\(optional.passed) of its \(optional.total)"),
                    "\(document) does not state \(optional.passed) of \(optional.total) optional tests")
            }
        }
    }

    @Test(arguments: try automaticCases())
    func passes(_ conformanceCase: Case) {
        let (passed, detail) = Self.passes(conformanceCase)
        if let reason = W3CFullAllowList.expectedFailures[conformanceCase.test] {
            #expect(!passed, "test \(conformanceCase.test) passes now: remove it from W3CFullAllowList (\(reason))")
        } else {
            #expect(passed, "test \(conformanceCase.test): \(detail) (\(conformanceCase.assertion))")
        }
    }
}

/// Every document of the full IRP suite that loads exports to SCXML that reads back to the same document and
/// validates against the W3C schema: event data, `<foreach>`, `<script>` and `<donedata>` included.
@Suite("W3C full IRP: export round trip", .needsConformanceSuite)
struct W3CFullExportTests {
    static func loadableFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(
            at: W3CFullConformanceTests.directory, includingPropertiesForKeys: nil
        )
        .filter { $0.pathExtension == "scxml" && (try? SCXMLParser.parse(contentsOf: $0)) != nil }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func hasInlineChild(_ states: [SCXMLStateNode]) -> Bool {
        states.contains { state in
            state.invokes.contains { $0.content != nil } || hasInlineChild(state.children)
        }
    }

    @Test func exportsReadBackAndValidate() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-full-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var exported: [URL] = []
        for file in try Self.loadableFiles() {
            let document = try SCXMLParser.parse(contentsOf: file)
            let text = SCXMLExporter().export(document)
            let destination = directory.appendingPathComponent(file.lastPathComponent)
            try text.write(to: destination, atomically: true, encoding: .utf8)
            // The schema's ids (`xs:ID`) span the whole file, so a document with an inline child session that
            // reuses one of its parent's ids (W3C's own test240 does) cannot validate, exported or not.
            if !Self.hasInlineChild(document.states) { exported.append(destination) }
            // `<data src>` is read relative to the document: compare those where the data files are.
            let again = try SCXMLParser.parse(
                string: text, file: W3CFullConformanceTests.directory.appendingPathComponent("x.scxml").path)
            #expect(again.removingSourceLocations() == document.removingSourceLocations(), "\(file.lastPathComponent)")
        }
        #expect(exported.count > 130)
        if XMLSchemaValidator.xmllint != nil {
            let result = try XMLSchemaValidator.validate(exported, against: ConformanceSuite.schema)
            #expect(result.status == 0, "\(result.output)")
        }
    }
}
