// swift-tools-version: 6.1
import PackageDescription

// Statecraft on a server: SCXML machines over HTTP (`statecraft serve`). A package of its own so that the core
// and its users never build Hummingbird or the database drivers. It depends on Statecraft and on
// Persistence/ (the stores) by path.
let package = Package(
    name: "StatecraftServer",
    platforms: [.macOS(.v15)],
    products: [
        // The HTTP API as a library: a Hummingbird router over a durable SCXML session store.
        .library(name: "StatecraftHTTP", targets: ["StatecraftHTTP"]),
        // The server `statecraft serve CHART.scxml --store URL` runs.
        .executable(name: "statecraft-serve", targets: ["statecraft-serve"]),
    ],
    dependencies: [
        .package(name: "Statecraft", path: ".."),
        .package(name: "StatecraftPersistence", path: "../Persistence"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // The routes, the durable SCXML sessions they drive, the limits and the bearer token.
        .target(
            name: "StatecraftHTTP",
            dependencies: [
                .product(name: "Statecraft", package: "Statecraft"),
                .product(name: "StatecraftSCXML", package: "Statecraft"),
                .product(name: "StatecraftPersistence", package: "StatecraftPersistence"),
                .product(name: "StatecraftSQLite", package: "StatecraftPersistence"),
                .product(name: "StatecraftPostgres", package: "StatecraftPersistence"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            // The API's OpenAPI document, served by `GET /openapi.yaml` from the binary itself.
            resources: [.embedInCode("openapi.yaml")]),
        .executableTarget(
            name: "statecraft-serve",
            dependencies: [
                "StatecraftHTTP",
                .product(name: "StatecraftSCXML", package: "Statecraft"),
                .product(name: "StatecraftPersistence", package: "StatecraftPersistence"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "StatecraftHTTPTests",
            dependencies: [
                "StatecraftHTTP",
                "statecraft-serve",
                .product(name: "StatecraftSCXML", package: "Statecraft"),
                .product(name: "StatecraftPersistence", package: "StatecraftPersistence"),
                .product(name: "StatecraftSQLite", package: "StatecraftPersistence"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
