// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Vignette",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Vignette", targets: ["Vignette"]),
        .library(name: "VignetteCatalog", targets: ["VignetteCatalog"]),
        .library(name: "VignetteSnapshotTesting", targets: ["VignetteSnapshotTesting"]),
        .library(name: "VignetteSQLite", targets: ["VignetteSQLite"]),
        .executable(name: "vignette", targets: ["VignetteCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The only C in the package: libpng's setjmp/longjmp error handling and
        // libcurl's variadic setopt cannot be driven from Swift.
        .target(
            name: "CVignette",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("curl"), .linkedLibrary("deflate")]
        ),
        .target(
            name: "Vignette",
            dependencies: ["CVignette"]
        ),
        .target(
            name: "VignetteCatalog",
            dependencies: ["Vignette"],
            resources: [.copy("Resources")]
        ),
        // The SQLite disk-cache engine, apart so the core does not pull in GRDB.
        .target(
            name: "VignetteSQLite",
            dependencies: ["Vignette", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "VignetteSnapshotTesting",
            dependencies: [
                "Vignette",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .executableTarget(
            name: "VignetteCLI",
            dependencies: [
                "Vignette", "VignetteCatalog", "VignetteSQLite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "VignetteTests",
            // VignetteCLI is a dependency so `swift test` builds the binary the CLI tests run.
            dependencies: ["Vignette", "VignetteCatalog", "VignetteCLI", "VignetteSnapshotTesting", "VignetteSQLite"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
