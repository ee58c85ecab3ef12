// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Statecraft",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Statecraft", targets: ["Statecraft"]),
        .library(name: "StatecraftDiagrams", targets: ["StatecraftDiagrams"]),
        .executable(name: "statecraft", targets: ["statecraft"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The core: definitions, the runtime shell, observers. No dependencies.
        .target(name: "Statecraft"),

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

        // Example programs (README: `swift run traffic-light`, `swift run refresh-list`).
        .executableTarget(name: "traffic-light", dependencies: ["Statecraft"], path: "Examples/TrafficLight"),
        .executableTarget(name: "refresh-list", dependencies: ["Statecraft"], path: "Examples/RefreshList"),

        .testTarget(name: "StatecraftTests", dependencies: ["Statecraft"]),
        .testTarget(name: "StatecraftSCXMLTests", dependencies: ["StatecraftSCXML"]),
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
