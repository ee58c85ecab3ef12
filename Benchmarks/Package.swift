// swift-tools-version: 6.1
import PackageDescription

// Statecraft's benchmarks: a package of its own so that the library never depends on the benchmark
// harness. Run them with `swift package --disable-sandbox benchmark` from this directory
// (see README.md).
let package = Package(
    name: "StatecraftBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Statecraft", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The shared workload and the machines under test, written as a user of Statecraft writes them:
        // in a module of their own, calling Statecraft across the module boundary.
        .target(
            name: "Workload",
            dependencies: [
                .product(name: "Statecraft", package: "Statecraft"),
                "StenciltownKit",
                .product(name: "StatecraftAnalysis", package: "Statecraft"),
            ]
        ),
        // The Stenciltown example's machine. Statecraft does not export it as a product (apps must not see
        // it), so this package compiles its sources itself: Sources/StenciltownKit is a symbolic link to
        // ../Examples/StenciltownKit.
        .target(name: "StenciltownKit", dependencies: [.product(name: "Statecraft", package: "Statecraft")]),

        // The package-benchmark suite (`swift package benchmark`).
        .executableTarget(
            name: "StatecraftBenchmarks",
            dependencies: [
                "Workload",
                .product(name: "Statecraft", package: "Statecraft"),
                .product(name: "StatecraftAnalysis", package: "Statecraft"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/StatecraftBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),

        // A tiny executable for exact instruction counts under valgrind (Scripts/instructions-per-event.sh).
        .executableTarget(
            name: "statecraft-instructions",
            dependencies: ["Workload", "CMallocStats"]
        ),
        // Scale (issue 17): importing and building charts and machine files of 1,000 to 100,000 states
        // (Scripts/generate-scale-inputs.py writes the inputs).
        .executableTarget(
            name: "statecraft-scale",
            dependencies: [
                .product(name: "StatecraftSCXML", package: "Statecraft"),
                .product(name: "StatecraftDiagrams", package: "Statecraft"),
            ]
        ),
        // glibc's heap statistics, for the bytes-per-machine figure.
        .target(name: "CMallocStats"),
    ],
    swiftLanguageModes: [.v6]
)
