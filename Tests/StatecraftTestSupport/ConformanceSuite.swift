import Foundation
import Testing

/// The W3C SCXML conformance files: W3C's test suites and schema, which stay out of this repository.
///
/// They are found in `$STATECRAFT_CONFORMANCE_DIR` when it is set, else in `../shared/conformance` beside the
/// repository (where the project's CI puts them). A test that reads them carries ``needsConformanceSuite``:
/// on a clone with nothing beside it, such a test is skipped with one line naming the folder it looked in.
/// `STATECRAFT_REQUIRE_CONFORMANCE=1` (set by `.ci/run`) turns the skip into a failure, so CI never passes
/// with the suites silently left out.
package enum ConformanceSuite {
    /// The folder holding `w3c/`, `w3c-full/` and `scxml-schema/`.
    package static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["STATECRAFT_CONFORMANCE_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return RepositoryPaths.root.deletingLastPathComponent().appendingPathComponent("shared/conformance")
    }()

    /// `w3c/`: the 50 tests of the W3C SCXML conformance suite with their manifest.
    package static let w3c = directory.appendingPathComponent("w3c")

    /// `w3c-full/`: the whole W3C SCXML IRP for the ECMAScript data model, with its manifest.
    package static let w3cFull = directory.appendingPathComponent("w3c-full")

    /// `scxml-schema/scxml.xsd`: the W3C SCXML 1.0 schema.
    package static let schema = directory.appendingPathComponent("scxml-schema/scxml.xsd")

    /// Whether the three parts are there.
    package static let isPresent: Bool = {
        let files = [
            w3c.appendingPathComponent("manifest.tsv"), w3cFull.appendingPathComponent("manifest.tsv"), schema,
        ]
        return files.allSatisfy { FileManager.default.fileExists(atPath: $0.path) }
    }()

    /// Whether a run must have them (`STATECRAFT_REQUIRE_CONFORMANCE=1`): then the tests run, and fail, when the
    /// files are absent.
    package static let isRequired = ProcessInfo.processInfo.environment["STATECRAFT_REQUIRE_CONFORMANCE"] == "1"

    /// The one line a skipped test prints.
    package static let absenceNote: Comment = """
        needs the W3C conformance files, not found in \(directory.path) (README "Set up")
        """
}

extension Trait where Self == ConditionTrait {
    /// Runs a test or suite only where the W3C conformance files are (``ConformanceSuite``), or where a run
    /// requires them.
    package static var needsConformanceSuite: Self {
        .enabled(if: ConformanceSuite.isPresent || ConformanceSuite.isRequired, ConformanceSuite.absenceNote)
    }
}
