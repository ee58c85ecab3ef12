import Foundation

/// Where the tests find the repository's files and the `shared/` folder beside it.
package enum RepositoryPaths {
    /// The repository root, found from this file's path (`Tests/StatecraftTestSupport/` below it).
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared`, beside the repository: the seeds and the W3C conformance suites.
    package static let shared = root.deletingLastPathComponent().appendingPathComponent("shared")

    /// `../shared/conformance/w3c`: the W3C SCXML conformance test files.
    package static let conformanceDirectory = shared.appendingPathComponent("conformance/w3c")

    /// `../shared/conformance/scxml-schema/scxml.xsd`: the W3C SCXML 1.0 schema.
    package static let scxmlSchema = shared.appendingPathComponent("conformance/scxml-schema/scxml.xsd")
}
