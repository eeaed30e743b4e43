// swift-tools-version: 6.1
// A Vapor app serving Vignette renders: copy this folder, and point the
// `vignette` dependency at the repository (`.package(url: …, branch: "main",
// traits: ["Vapor"])`) instead of this checkout. In the repository itself
// `make test` builds and tests these same sources as targets of the root
// package (under its Vapor trait), so they never fetch or build a second copy.
import PackageDescription

let package = Package(
    name: "VaporApp",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Only the Vapor trait: neither Hummingbird nor GRDB is resolved.
        .package(name: "vignette", path: "../..", traits: ["Vapor"]),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3")
    ],
    targets: [
        .target(
            name: "VaporApp",
            dependencies: [
                .product(name: "Vignette", package: "vignette"),
                .product(name: "VignetteServer", package: "vignette"),
                .product(name: "VignetteVapor", package: "vignette"),
                .product(name: "Vapor", package: "vapor")
            ],
            // The sources say `#if Vapor`, the root package's trait; here Vapor is always on.
            swiftSettings: [.define("Vapor")]
        ),
        .executableTarget(
            name: "Run",
            dependencies: ["VaporApp", .product(name: "Vapor", package: "vapor")]
        ),
        .testTarget(
            name: "VaporAppTests",
            dependencies: [
                "VaporApp",
                .product(name: "Vignette", package: "vignette"),
                .product(name: "VignetteServer", package: "vignette"),
                .product(name: "VaporTesting", package: "vapor")
            ],
            swiftSettings: [.define("Vapor")]
        )
    ],
    swiftLanguageModes: [.v6]
)
