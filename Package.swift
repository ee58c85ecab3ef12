// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Statecraft",
    // The Apple platforms of the Swift 6 concurrency and Observation features the library uses.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Statecraft", targets: ["Statecraft"]),
        .library(name: "StatecraftTesting", targets: ["StatecraftTesting"]),
        .library(name: "StatecraftDiagrams", targets: ["StatecraftDiagrams"]),
        .library(name: "StatecraftSCXML", targets: ["StatecraftSCXML"]),
        // The Stenciltown example's machine, a product only so that Benchmarks/ can drive it.
        .library(name: "StenciltownKit", targets: ["StenciltownKit"]),
        .executable(name: "statecraft", targets: ["statecraft"]),
        .executable(name: "stenciltown", targets: ["stenciltown"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The core: definitions, the runtime shell, observers, effects. No dependencies.
        .target(name: "Statecraft"),

        // Test doubles for users' tests and ours: `ManualClock`.
        .target(name: "StatecraftTesting", dependencies: ["Statecraft"]),

        // SCXML import and export: the document model, the expression language, event descriptors.
        .target(name: "StatecraftSCXML", dependencies: ["Statecraft"]),

        // Diagrams: DOT, Mermaid, PlantUML, JSON exporters and the Graphviz renderer. Reads only
        // `MachineDescription`, never the runtime.
        .target(name: "StatecraftDiagrams", dependencies: ["Statecraft"]),

        // The `statecraft` command-line tool (`statecraft diagram machine.scxml --format svg`).
        .executableTarget(
            name: "statecraft",
            dependencies: [
                "StatecraftDiagrams",
                "StatecraftSCXML",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/StatecraftCLI"
        ),

        // Example programs (README: `swift run stenciltown`, `swift run traffic-light`, `swift run refresh-list`).
        .target(name: "StenciltownKit", dependencies: ["Statecraft"], path: "Examples/StenciltownKit"),
        .executableTarget(name: "stenciltown", dependencies: ["StenciltownKit"], path: "Examples/Stenciltown"),
        .executableTarget(name: "traffic-light", dependencies: ["Statecraft"], path: "Examples/TrafficLight"),
        .executableTarget(name: "refresh-list", dependencies: ["Statecraft"], path: "Examples/RefreshList"),

        // Fixtures and helpers more than one test target uses (a gate for async work, the repository's
        // paths, xmllint, the seeds' exact outputs). Not a product: only the tests depend on it.
        .target(name: "StatecraftTestSupport", dependencies: ["Statecraft"], path: "Tests/StatecraftTestSupport"),

        .testTarget(name: "StatecraftTests", dependencies: ["Statecraft", "StatecraftTestSupport"]),
        .testTarget(
            name: "StatecraftConcurrencyTests", dependencies: ["Statecraft", "StatecraftTesting", "StatecraftTestSupport"]),
        .testTarget(
            name: "StenciltownTests",
            dependencies: ["StenciltownKit", "Statecraft", "StatecraftTesting", "StatecraftTestSupport"]),
        .testTarget(
            name: "StatecraftSCXMLTests",
            dependencies: ["StatecraftSCXML", "Statecraft", "StatecraftTesting", "StatecraftTestSupport"]),
        .testTarget(
            name: "StatecraftDiagramsTests",
            dependencies: ["StatecraftDiagrams", "StatecraftSCXML", "StatecraftTestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "StatecraftCLITests",
            // Depends on the executable so that `swift build --build-tests` builds the binary it runs.
            dependencies: ["statecraft", "StatecraftTestSupport"],
            exclude: ["Expected"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
