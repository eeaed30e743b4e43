// swift-tools-version: 6.1
// Performance benchmarks for Vignette, kept in their own package so the
// library itself never depends on ordo-one/benchmark.
//
//   cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
//
// Only the "MallocInterposer" trait is enabled: naming traits explicitly turns
// off package-benchmark's default "RuntimeInterposer" trait (and with it the
// swift-runtime-interposer dependency, which is only needed for ARC metrics).
import PackageDescription

let package = Package(
    name: "VignetteBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, because a path dependency's identity is otherwise its folder's
        // name, which differs between clones ("main", "vignette", ...).
        .package(name: "Vignette", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "VignetteBenchmarks",
            dependencies: [
                .product(name: "Vignette", package: "Vignette"),
                .product(name: "VignetteSQLite", package: "Vignette"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/VignetteBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
