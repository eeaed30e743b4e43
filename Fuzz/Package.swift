// swift-tools-version: 6.0
import PackageDescription

// libFuzzer harnesses, apart from the main package so that fuzz builds never
// touch the normal one. Build and run with `make fuzz` from the repository
// root (README, "Hostile input"). Every harness is an executable whose
// `@main` hands over to libFuzzer's driver (`LLVMFuzzerRunDriver`) with its
// `LLVMFuzzerTestOneInput`: SwiftPM renames an executable's `main` and
// links to that name, so libFuzzer's own `main` cannot be used.
// `-sanitize=fuzzer,address` instruments the Swift code and links libFuzzer.
let harnesses = [
    "FuzzPNGFast", "FuzzPNGLibpng", "FuzzJPEG", "FuzzWebP", "FuzzAVIF", "FuzzGIF", "FuzzHEIF",
    "FuzzHTTPHeaders", "FuzzCacheMetadata", "FuzzDiskCacheEntry", "FuzzSVG",
    // Text: hostile font files through HarfBuzz and our outlines; hostile strings through ICU, shaping and layout.
    "FuzzFont", "FuzzText",
]
// The render service's parsers: its YAML configuration and its request targets.
let serverHarnesses = ["FuzzServerConfig", "FuzzServerQuery"]

let package = Package(
    name: "VignetteFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Vignette", path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver", .product(name: "VignetteCore", package: "Vignette")]),
    ] + harnesses.map { name in
        .executableTarget(name: name, dependencies: [
            "FuzzSupport",
            .product(name: "Vignette", package: "Vignette"),
            .product(name: "VignetteCore", package: "Vignette"),
        ])
    } + serverHarnesses.map { name in
        .executableTarget(name: name, dependencies: [
            "FuzzSupport",
            .product(name: "Vignette", package: "Vignette"),
            .product(name: "VignetteCore", package: "Vignette"),
            .product(name: "VignetteServer", package: "Vignette"),
        ])
    },
    swiftLanguageModes: [.v6]
)
