// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Statecraft",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Statecraft", targets: ["Statecraft"]),
    ],
    targets: [
        // The core: definitions, the runtime shell, observers. No dependencies.
        .target(name: "Statecraft"),

        // SCXML import and export: the document model, the expression language, event descriptors.
        .target(name: "StatecraftSCXML", dependencies: ["Statecraft"]),

        // Example programs (README: `swift run traffic-light`, `swift run refresh-list`).
        .executableTarget(name: "traffic-light", dependencies: ["Statecraft"], path: "Examples/TrafficLight"),
        .executableTarget(name: "refresh-list", dependencies: ["Statecraft"], path: "Examples/RefreshList"),

        .testTarget(name: "StatecraftTests", dependencies: ["Statecraft"]),
        .testTarget(name: "StatecraftSCXMLTests", dependencies: ["StatecraftSCXML"]),
    ],
    swiftLanguageModes: [.v6]
)
