// swift-tools-version: 6.1
import PackageDescription

// Statecraft on a server: integrations with the Swift server libraries, each its own product, and SCXML
// machines over HTTP (`statecraft serve`), so that an app that links only `Statecraft` never resolves nor
// builds them (the core depends on nothing).
let package = Package(
    name: "StatecraftServer",
    // StatecraftHTTP's live stream uses `Synchronization.Mutex` (macOS 15); Hummingbird 2 needs macOS 14; the
    // metrics, tracing and service-lifecycle products alone would build with the core's minimums.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "StatecraftMetrics", targets: ["StatecraftMetrics"]),
        .library(name: "StatecraftTracing", targets: ["StatecraftTracing"]),
        .library(name: "StatecraftBasicHTTP", targets: ["StatecraftBasicHTTP"]),
        // The HTTP API as a library: a Hummingbird router over a durable SCXML session store.
        .library(name: "StatecraftHTTP", targets: ["StatecraftHTTP"]),
        // The server `statecraft serve CHART.scxml --store URL` runs.
        .executable(name: "statecraft-serve", targets: ["statecraft-serve"]),
        .library(name: "StatecraftServiceLifecycle", targets: ["StatecraftServiceLifecycle"]),
    ],
    dependencies: [
        .package(name: "Statecraft", path: ".."),
        // Durable machines: the metrics and spans of `DurableMachine` and of a `MachineStore`'s commits.
        .package(name: "StatecraftPersistence", path: "../Persistence"),
        // StatecraftMetrics: counters, timers and meters through swift-metrics; `MetricsTestKit` in tests.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        // StatecraftTracing: spans through swift-distributed-tracing; `InMemoryTracing` in tests.
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        // StatecraftBasicHTTP and StatecraftHTTP (statecraft serve): the HTTP server.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // statecraft-serve's command line.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // StatecraftHTTP: HTTP field names and NIO's byte buffers (both already built by Hummingbird).
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // StatecraftServiceLifecycle: machines run as a `Service`; `ServiceLifecycleTestKit` in tests.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // `Logger`: statecraft-serve's, and the one a `ServiceGroup` takes in the service lifecycle's tests.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation` of the DocC catalogs. A plugin no product uses.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The names the metrics and the spans share (dimension and attribute keys, outcome values). Not a
        // product: the other targets' `package` helpers.
        .target(
            name: "StatecraftServerConventions",
            dependencies: [
                .product(name: "Statecraft", package: "Statecraft"),
                .product(name: "StatecraftPersistence", package: "StatecraftPersistence"),
            ]),
        // Events handled / ignored / failed, macrostep duration, machines alive; commit latency and version
        // conflicts of durable machines.
        .target(
            name: "StatecraftMetrics",
            dependencies: [
                "StatecraftServerConventions",
                .product(name: "Statecraft", package: "Statecraft"),
                .product(name: "StatecraftPersistence", package: "StatecraftPersistence"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]),
        // One span per macrostep (machine, event, from, to, outcome), child spans for effects, a span per
        // durable event.
        .target(
            name: "StatecraftTracing",
            dependencies: [
                "StatecraftServerConventions",
                .product(name: "Statecraft", package: "Statecraft"),
                .product(name: "StatecraftPersistence", package: "StatecraftPersistence"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]),
        // SCXML's Basic HTTP Event I/O Processor over a network: the sending processor (Foundation's URL
        // loading, loopback by default) and the routes at which sessions receive events (Hummingbird).
        .target(
            name: "StatecraftBasicHTTP",
            dependencies: [
                .product(name: "StatecraftSCXML", package: "Statecraft"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]),
        // `MachineService`: machines' effect loops as one `Service`; a graceful shutdown (SIGTERM) drains the
        // events in flight, then stops the loops. `DurableWorkerService`: a durable worker that finishes its
        // pass and releases its leases.
        .target(
            name: "StatecraftServiceLifecycle",
            dependencies: [
                .product(name: "Statecraft", package: "Statecraft"),
                // `DurableWorkerService`: a `DurableWorker` that gives its leases up on a graceful shutdown.
                .product(name: "StatecraftPersistence", package: "StatecraftPersistence"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // Instructions per event with the instruments off, beside plain `send(_:)`
        // (`Benchmarks/instructions-per-event.sh`, README "Cost"). Not a product.
        .executableTarget(
            name: "statecraft-server-instructions",
            dependencies: [
                "StatecraftMetrics", "StatecraftTracing", .product(name: "Statecraft", package: "Statecraft"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            path: "Benchmarks/InstructionCount"),
        // statecraft serve: the routes, the durable SCXML sessions they drive, the limits and the bearer token.
        .target(
            name: "StatecraftHTTP",
            dependencies: [
                .product(name: "Statecraft", package: "Statecraft"),
                .product(name: "StatecraftSCXML", package: "Statecraft"),
                // `GET /machines/{id}/inspect`: the visualizer page, following the machine's live stream.
                .product(name: "StatecraftVisualizer", package: "Statecraft"),
                .product(name: "StatecraftAnalysis", package: "Statecraft"),
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
        // What the tests share: the lamp chart, a store in memory, a clock that steps at each reading.
        .target(
            name: "StatecraftServerTestSupport",
            dependencies: [
                .product(name: "Statecraft", package: "Statecraft"),
                .product(name: "StatecraftPersistence", package: "StatecraftPersistence"),
            ],
            path: "Tests/StatecraftServerTestSupport"),
        .testTarget(
            name: "StatecraftMetricsTests",
            dependencies: [
                "StatecraftServerTestSupport",
                "StatecraftMetrics",
                .product(name: "Statecraft", package: "Statecraft"),
                .product(name: "StatecraftPersistence", package: "StatecraftPersistence"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]),
        .testTarget(
            name: "StatecraftTracingTests",
            dependencies: [
                "StatecraftServerTestSupport",
                "StatecraftTracing",
                .product(name: "Statecraft", package: "Statecraft"),
                .product(name: "StatecraftTesting", package: "Statecraft"),
                .product(name: "StatecraftPersistence", package: "StatecraftPersistence"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]),
        .testTarget(
            name: "StatecraftBasicHTTPTests",
            dependencies: [
                "StatecraftBasicHTTP",
                .product(name: "StatecraftSCXML", package: "Statecraft"),
            ]),
        .testTarget(
            name: "StatecraftServiceLifecycleTests",
            dependencies: [
                "StatecraftServerTestSupport",
                "StatecraftServiceLifecycle",
                .product(name: "Statecraft", package: "Statecraft"),
                .product(name: "StatecraftPersistence", package: "StatecraftPersistence"),
                .product(name: "StatecraftSQLite", package: "StatecraftPersistence"),
                .product(name: "StatecraftTesting", package: "Statecraft"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "StatecraftHTTPTests",
            dependencies: [
                "StatecraftHTTP",
                // The DocC article's app: every server product in one Hummingbird app.
                "StatecraftMetrics", "StatecraftTracing", "StatecraftServiceLifecycle", "StatecraftServerTestSupport",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                "statecraft-serve",
                .product(name: "StatecraftSCXML", package: "Statecraft"),
                .product(name: "StatecraftPersistence", package: "StatecraftPersistence"),
                .product(name: "StatecraftSQLite", package: "StatecraftPersistence"),
                .product(name: "StatecraftTesting", package: "Statecraft"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
