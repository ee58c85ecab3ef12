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
        .library(name: "StatecraftAnalysis", targets: ["StatecraftAnalysis"]),
        .library(name: "StatecraftVisualizer", targets: ["StatecraftVisualizer"]),
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

        .testTarget(name: "StatecraftTests", dependencies: ["Statecraft"]),
        .testTarget(
            name: "StatecraftAnalysisTests", dependencies: ["StatecraftAnalysis", "StatecraftSCXML", "Statecraft"],
            exclude: ["Expected"]),
        .testTarget(
            name: "StatecraftVisualizerTests",
            dependencies: ["StatecraftVisualizer", "StatecraftAnalysis", "StatecraftSCXML", "Statecraft"],
            exclude: ["Charts"]),
        .testTarget(name: "StatecraftConcurrencyTests", dependencies: ["Statecraft", "StatecraftTesting"]),
        .testTarget(
            name: "StenciltownTests", dependencies: ["StenciltownKit", "Statecraft", "StatecraftTesting"]),
        .testTarget(name: "StatecraftSCXMLTests", dependencies: ["StatecraftSCXML", "Statecraft", "StatecraftTesting"]),
        .testTarget(
            name: "StatecraftDiagramsTests",
            dependencies: ["StatecraftDiagrams", "StatecraftSCXML"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "StatecraftCLITests",
            // Depends on the executable so that `swift build --build-tests` builds the binary it runs.
            dependencies: ["statecraft"],
            exclude: ["Expected"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
