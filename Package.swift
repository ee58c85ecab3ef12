// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Statecraft",
    // macOS 15 / iOS 18 / … for `Synchronization.Mutex`, which guards the effect inbox and the manual clock.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Statecraft", targets: ["Statecraft"]),
        .library(name: "StatecraftTesting", targets: ["StatecraftTesting"]),
        .executable(name: "stenciltown", targets: ["stenciltown"]),
    ],
    targets: [
        // The core: definitions, the runtime shell, observers, effects. No dependencies.
        .target(name: "Statecraft"),

        // Test doubles for users' tests and ours: `ManualClock`.
        .target(name: "StatecraftTesting", dependencies: ["Statecraft"]),

        // SCXML import and export: the document model, the expression language, event descriptors.
        .target(name: "StatecraftSCXML", dependencies: ["Statecraft"]),

        // Example programs (README: `swift run stenciltown`, `swift run traffic-light`, `swift run refresh-list`).
        .target(name: "StenciltownKit", dependencies: ["Statecraft"], path: "Examples/StenciltownKit"),
        .executableTarget(name: "stenciltown", dependencies: ["StenciltownKit"], path: "Examples/Stenciltown"),
        .executableTarget(name: "traffic-light", dependencies: ["Statecraft"], path: "Examples/TrafficLight"),
        .executableTarget(name: "refresh-list", dependencies: ["Statecraft"], path: "Examples/RefreshList"),

        .testTarget(name: "StatecraftTests", dependencies: ["Statecraft"]),
        .testTarget(name: "StatecraftConcurrencyTests", dependencies: ["Statecraft", "StatecraftTesting"]),
        .testTarget(
            name: "StenciltownTests", dependencies: ["StenciltownKit", "Statecraft", "StatecraftTesting"]),
        .testTarget(name: "StatecraftSCXMLTests", dependencies: ["StatecraftSCXML"]),
    ],
    swiftLanguageModes: [.v6]
)
