// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Statecraft",
    // The oldest Apple platforms with `Clock` and `Duration` (effects, delays, charts, SCXML runs). The one
    // API that needs more, `ObservableStateMachine` (Observation), is marked `@available(macOS 14, iOS 17, …)`.
    // Nothing here uses `Synchronization` (macOS 15 / iOS 18). README "Requirements" lists the minimum per
    // feature.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    // Only the libraries are products: what an app names and links. The `statecraft` tool and the examples are
    // executable targets without a product: `swift run statecraft` and `swift run stenciltown` work in this
    // package (SwiftPM gives a root package's executable targets implicit products), while a package that
    // depends on Statecraft neither sees them nor resolves swift-argument-parser, which only the tool uses
    // (SwiftPM resolves a dependency's dependencies only for the products a client uses).
    // PackageProductsTests pins this list.
    products: [
        .library(name: "Statecraft", targets: ["Statecraft"]),
        .library(name: "StatecraftTesting", targets: ["StatecraftTesting"]),
        .library(name: "StatecraftDiagrams", targets: ["StatecraftDiagrams"]),
        .library(name: "StatecraftSCXML", targets: ["StatecraftSCXML"]),
        .library(name: "StatecraftAnalysis", targets: ["StatecraftAnalysis"]),
        .library(name: "StatecraftLogging", targets: ["StatecraftLogging"]),
        .library(name: "StatecraftVisualizer", targets: ["StatecraftVisualizer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only StatecraftLogging uses it: an app resolves it only when it names that product.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation` (Scripts/check-docs.sh). A plugin no product uses: apps that
        // depend on Statecraft do not resolve it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The core: definitions, the runtime shell, observers, effects. No dependencies.
        .target(name: "Statecraft"),

        // Test doubles for users' tests and ours: `ManualClock`.
        .target(name: "StatecraftTesting", dependencies: ["Statecraft"]),

        // `machine.log(to: logger)`: transitions, ignored events and effect errors through swift-log.
        .target(
            name: "StatecraftLogging", dependencies: ["Statecraft", .product(name: "Logging", package: "swift-log")]),

        // SCXML import and export: the document model, the expression language, event descriptors.
        .target(name: "StatecraftSCXML", dependencies: ["Statecraft"]),

        // Analysis: the state space of a machine (Statecraft or SCXML), validation rules, test paths,
        // transition coverage and property checks, all computed by the machine's own step function.
        .target(name: "StatecraftAnalysis", dependencies: ["Statecraft", "StatecraftSCXML"]),

        // Diagrams: DOT, Mermaid, PlantUML, JSON exporters and the Graphviz renderer. Reads only
        // `MachineDescription`, never the runtime.
        .target(name: "StatecraftDiagrams", dependencies: ["Statecraft"]),

        // The visualizer: one self-contained HTML page per machine that walks its explored state space.
        .target(
            name: "StatecraftVisualizer",
            dependencies: ["Statecraft", "StatecraftAnalysis", "StatecraftDiagrams", "StatecraftSCXML"]),

        // The `statecraft` command-line tool (`statecraft diagram machine.scxml --format svg`).
        .executableTarget(
            name: "statecraft",
            dependencies: [
                "StatecraftAnalysis",
                "StatecraftDiagrams",
                "StatecraftSCXML",
                "StatecraftVisualizer",
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

        .testTarget(
            name: "StatecraftTests", dependencies: ["Statecraft", "StatecraftTesting", "StatecraftTestSupport"]),
        .testTarget(
            name: "StatecraftAnalysisTests",
            dependencies: ["StatecraftAnalysis", "StatecraftSCXML", "Statecraft", "StatecraftTestSupport"],
            exclude: ["Expected"]),
        // The code of the README and the DocC articles, compiled in plain Swift 6 mode; DocSnippetTextTests checks
        // that every ```swift block of the documents is an excerpt of a compiled file.
        .testTarget(
            name: "DocSnippetTests",
            dependencies: ["Statecraft", "StatecraftTesting", "StatecraftDiagrams", "StatecraftSCXML"],
            exclude: ["Diagrams/Screen.mmd"]
        ),
        // The main-actor article's natural code in Xcode 26's "approachable concurrency" mode, where a
        // main-actor type's conformances are inferred isolated (SE-0470).
        .testTarget(
            name: "InferredIsolationTests", dependencies: ["Statecraft", "StatecraftTesting"],
            swiftSettings: [.enableUpcomingFeature("InferIsolatedConformances")]
        ),
        .testTarget(
            name: "StatecraftLoggingTests",
            dependencies: ["StatecraftLogging", "StatecraftTesting", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "StatecraftVisualizerTests",
            dependencies: ["StatecraftVisualizer", "StatecraftAnalysis", "StatecraftSCXML", "Statecraft"],
            exclude: ["Charts"]),
        .testTarget(
            name: "StatecraftConcurrencyTests",
            dependencies: ["Statecraft", "StatecraftTesting", "StatecraftTestSupport"]),
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
            // Depends on the executables so that `swift build --build-tests` builds the binaries it runs.
            dependencies: ["statecraft", "stenciltown", "StatecraftTestSupport"],
            exclude: ["Expected"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
