// swift-tools-version: 6.1
import PackageDescription

// The live inspector: a package of its own so that apps that do not use it never build its server
// (Hummingbird, hummingbird-websocket, SwiftNIO). It depends on Statecraft by path.
let package = Package(
    name: "StatecraftInspector",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "StatecraftInspector", targets: ["StatecraftInspector"]),
        // An example program with an inspector attached (Scripts/e2e-inspector.sh drives it).
        .executable(name: "statecraft-inspect-example", targets: ["statecraft-inspect-example"]),
        // The server `statecraft inspect FILE` runs: it draws a machine file and follows the events read
        // from standard input.
        .executable(name: "statecraft-inspector", targets: ["statecraft-inspector"]),
    ],
    dependencies: [
        .package(name: "Statecraft", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // The inspector is a `Service`: SIGTERM stops `statecraft-inspector` gracefully (Hummingbird already
        // builds swift-service-lifecycle and swift-log).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "StatecraftInspector",
            dependencies: [
                .product(name: "Statecraft", package: "Statecraft"),
                .product(name: "StatecraftVisualizer", package: "Statecraft"),
                .product(name: "StatecraftAnalysis", package: "Statecraft"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .executableTarget(
            name: "statecraft-inspect-example",
            dependencies: [
                "StatecraftInspector",
                .product(name: "Statecraft", package: "Statecraft"),
                .product(name: "StatecraftVisualizer", package: "Statecraft"),
            ]),
        .executableTarget(
            name: "statecraft-inspector",
            dependencies: [
                "StatecraftInspector",
                .product(name: "StatecraftAnalysis", package: "Statecraft"),
                .product(name: "StatecraftDiagrams", package: "Statecraft"),
                .product(name: "StatecraftSCXML", package: "Statecraft"),
                .product(name: "StatecraftVisualizer", package: "Statecraft"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "StatecraftInspectorTests",
            dependencies: [
                "StatecraftInspector",
                .product(name: "Statecraft", package: "Statecraft"),
                .product(name: "StatecraftVisualizer", package: "Statecraft"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
