// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Foundation
import Testing

/// What an app that adds Statecraft sees: the libraries and nothing else, and the README's install lines work.
@Suite("Package products")
struct PackageProductsTests {
    static let libraries = [
        "Statecraft", "StatecraftTesting", "StatecraftDiagrams", "StatecraftSCXML", "StatecraftAnalysis",
        "StatecraftLogging", "StatecraftVisualizer",
    ]

    /// Runs `swift package dump-package` in `directory`, with a scratch path of its own: the `swift test` that
    /// runs this holds the lock on the package's `.build`.
    static func dumpPackage(in directory: URL) throws -> Repository.CommandResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try Repository.run(["swift", "package", "--scratch-path", scratch.path, "dump-package"], in: directory)
    }

    /// The products the root manifest declares, read with `swift package dump-package`.
    static func declaredProducts(in directory: URL) throws -> [(name: String, isLibrary: Bool)] {
        let result = try dumpPackage(in: directory)
        try #require(result.status == 0, "\(result.output)")
        let start = try #require(result.output.firstIndex(of: "{"), "no JSON in: \(result.output)")
        let json = try JSONSerialization.jsonObject(with: Data(result.output[start...].utf8))
        let products = try #require((json as? [String: Any])?["products"] as? [[String: Any]])
        return products.map { product in
            let type = product["type"] as? [String: Any]
            return (product["name"] as? String ?? "?", type?["library"] != nil)
        }
    }

    @Test func theRootPackageExportsOnlyTheLibraries() throws {
        let products = try Self.declaredProducts(in: Repository.root)
        #expect(products.map(\.name) == Self.libraries)
        #expect(products.allSatisfy { $0.isLibrary }, "an executable product makes every app resolve swift-argument-parser")
    }

    /// The README's manifest lines, with the URL replaced by this checkout, make a valid package that names
    /// existing products.
    @Test func theREADMEInstallManifestIsValid() throws {
        let readme = try Repository.text("README.md")
        let manifest = try #require(Repository.codeBlocks(in: readme, language: "swift").first { $0.contains("swift-tools-version") })
        let urlLine = try #require(manifest.split(separator: "\n").first { $0.contains(".package(url:") })
        let local = manifest.replacingOccurrences(
            of: String(urlLine), with: "        .package(name: \"Statecraft\", path: \"\(Repository.root.path)\"),")
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: app) }
        for (directory, file, text) in [("Sources/MyApp", "MyApp.swift", "import Statecraft\n"),
                                        ("Tests/MyAppTests", "MyAppTests.swift", "import StatecraftTesting\n")] {
            try FileManager.default.createDirectory(at: app.appendingPathComponent(directory), withIntermediateDirectories: true)
            try text.write(to: app.appendingPathComponent("\(directory)/\(file)"), atomically: true, encoding: .utf8)
        }
        try local.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let result = try Self.dumpPackage(in: app)
        #expect(result.status == 0, "\(result.output)")
        let named = Self.libraries.filter { manifest.contains("\"\($0)\"") }
        #expect(named == ["Statecraft", "StatecraftTesting"])
    }
}
