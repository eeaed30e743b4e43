// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Vignette",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Vignette", targets: ["Vignette"]),
        .library(name: "VignetteCatalog", targets: ["VignetteCatalog"]),
        .library(name: "VignetteSnapshotTesting", targets: ["VignetteSnapshotTesting"]),
        .executable(name: "vignette", targets: ["VignetteCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
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
                "Vignette", "VignetteCatalog",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "VignetteTests",
            // VignetteCLI is a dependency so `swift test` builds the binary the CLI tests run.
            dependencies: ["Vignette", "VignetteCatalog", "VignetteCLI", "VignetteSnapshotTesting"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
