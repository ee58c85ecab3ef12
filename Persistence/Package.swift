// swift-tools-version: 6.0
import PackageDescription

// Durable Statecraft machines: a `MachineStore` protocol with an event journal, `DurableMachine`, and two
// stores — SQLite (embedded, the system library) and PostgreSQL (through postgres-nio). A separate
// package, so that an app that uses only `Statecraft` never resolves or builds database code; and an app
// that uses only `StatecraftSQLite` builds no SwiftNIO (only the PostgreSQL store's targets depend on it).
let package = Package(
    name: "StatecraftPersistence",
    // The core's minimums: nothing here needs more than PostgresClient (macOS 13, iOS 16, tvOS 16, watchOS 9).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "StatecraftPersistence", targets: ["StatecraftPersistence"]),
        .library(name: "StatecraftSQLite", targets: ["StatecraftSQLite"]),
        .library(name: "StatecraftPostgres", targets: ["StatecraftPostgres"]),
        .executable(name: "orders", targets: ["orders"]),
    ],
    dependencies: [
        .package(name: "Statecraft", path: ".."),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (Scripts/check-docs.sh); a plugin, built only when run.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The store protocol, the journal and `DurableMachine`. Depends only on the core.
        .target(name: "StatecraftPersistence", dependencies: [.product(name: "Statecraft", package: "Statecraft")]),
        // The embedded store: one SQLite file, WAL mode, one transaction per event.
        .target(
            name: "StatecraftSQLite",
            dependencies: ["StatecraftPersistence", "CStatecraftFileGuard", "CStatecraftSQLite"]),
        // The system SQLite: the SDK's on Apple platforms, `libsqlite3-dev` on Debian and Ubuntu.
        .systemLibrary(
            name: "CStatecraftSQLite", providers: [.apt(["libsqlite3-dev"]), .yum(["sqlite-devel"])]),
        // What the SQLite store needs in C: the immutable flag (`ioctl` is variadic) and a SIGBUS handler for
        // faults on SQLite's shared-memory file (a signal handler must be async-signal-safe).
        .target(name: "CStatecraftFileGuard"),
        // The store for many processes: PostgreSQL through a connection pool.
        .target(
            name: "StatecraftPostgres",
            dependencies: ["StatecraftPersistence", .product(name: "PostgresNIO", package: "postgres-nio")]),
        // The durable order workflow of the `orders` example, a library so that tests can drive it.
        .target(
            name: "OrdersKit",
            dependencies: ["StatecraftPersistence", "StatecraftSQLite", "StatecraftPostgres"],
            path: "Examples/OrdersKit"),
        .executableTarget(
            name: "orders",
            dependencies: [
                "OrdersKit", "StatecraftPersistence",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/Orders"),
        // The size and the encode/decode time of a 100-state chart's snapshot (Benchmarks/README.md).
        .executableTarget(
            name: "snapshot-benchmark", dependencies: [.product(name: "Statecraft", package: "Statecraft")],
            path: "Benchmarks/SnapshotBenchmark"),
        .testTarget(
            name: "StatecraftPersistenceTests",
            dependencies: [
                "StatecraftPersistence", "StatecraftSQLite", "StatecraftPostgres", "OrdersKit",
                .product(name: "StatecraftTesting", package: "Statecraft"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
