import Foundation

/// Validates XML files against an XML Schema with `xmllint`, when it is installed.
///
/// ```swift
/// @Test(.enabled(if: XMLSchemaValidator.xmllint != nil, "xmllint is not installed"))
/// func exportsValidate() throws {
///     let result = try XMLSchemaValidator.validate(files, against: ConformanceSuite.schema)
///     #expect(result.status == 0, "\(result.output)")
/// }
/// ```
package enum XMLSchemaValidator {
    /// `xmllint` (`apt-get install -y libxml2-utils`), or `nil` when none is installed.
    package static let xmllint: URL? = ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"]
        .map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// What `xmllint` said about the files.
    package struct Result: Sendable {
        /// The exit status: 0 when every file is valid.
        package var status: Int32
        /// Its standard error: one "… validates" line per valid file, the errors otherwise.
        package var output: String
        /// How many files it reported valid.
        package var validatedCount: Int { output.components(separatedBy: " validates").count - 1 }
    }

    /// Runs `xmllint --nonet --noout --schema schema files…`.
    ///
    /// - Throws: ``ValidatorError/notInstalled`` when `xmllint` is missing; whatever `Process` throws
    ///   when it cannot start.
    package static func validate(_ files: [URL], against schema: URL) throws -> Result {
        guard let xmllint else { throw ValidatorError.notInstalled }
        let process = Process()
        process.executableURL = xmllint
        process.arguments = ["--nonet", "--noout", "--schema", schema.path] + files.map(\.path)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: output)
    }

    /// Why ``validate(_:against:)`` could not run.
    package enum ValidatorError: Error, CustomStringConvertible {
        /// No `xmllint` executable was found.
        case notInstalled

        /// A sentence saying what is missing and how to install it.
        package var description: String { "xmllint is not installed (apt-get install -y libxml2-utils)" }
    }
}
