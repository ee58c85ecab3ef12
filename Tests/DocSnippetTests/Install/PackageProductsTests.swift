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

    /// The README's products table lists exactly the declared libraries, in the manifest's order or not.
    @Test func theREADMEProductsTableListsEveryProduct() throws {
        let readme = try Repository.text("README.md")
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| `Statecraft") }
        let named = rows.compactMap { row in row.split(separator: "`").dropFirst().first.map(String.init) }
        #expect(Set(named) == Set(Self.libraries))
        #expect(named.count == Self.libraries.count)
        #expect(readme.contains("Those \(Self.spelled[Self.libraries.count] ?? "?") libraries are the package's only products"))
    }

    static let spelled = [5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"]

    /// The `platforms:` line of a manifest, as written.
    static func platforms(ofManifest path: String) throws -> String {
        let manifest = try Repository.text(path)
        let line = try #require(manifest.split(separator: "\n").first { $0.contains("platforms: [") })
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// The core, `Persistence/` and the README's Requirements table name the same minimums.
    @Test func thePackagesAndTheREADMEStateTheSamePlatforms() throws {
        let core = try Self.platforms(ofManifest: "Package.swift")
        #expect(core == "platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],")
        #expect(try Self.platforms(ofManifest: "Persistence/Package.swift") == core)
        let readme = try Repository.text("README.md")
        #expect(readme.contains("macOS 13, iOS 16, tvOS 16, watchOS 9, visionOS 1"))
    }
}
