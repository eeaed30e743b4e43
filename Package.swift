// swift-tools-version: 6.1
import PackageDescription

// Layers (dependencies point down only; the compiler enforces it):
//
//   VignetteCLI ─────────────┬──────────────────┐
//   VignetteVapor (Vapor)    │                  │       (trait Vapor)
//   VignetteSQLite           │                  │       (trait SQLite: GRDB)
//   VignetteServer (presets, signing, metrics; the Hummingbird router under trait Hummingbird)
//        └─> Vignette (loading · pipeline · caches · futures · prefetching) ─> CCurl, CDeflate
//                 └─> VignetteCore (pixels · geometry · descriptors · codecs ·
//                     rendering · surface · comparison) ─> CPNG, CJPEG, CWebP, CAVIF, CGIF, CHeif, CLCMS, CDeflate, CKernels
//   VignetteSnapshotTesting ─> VignetteTesting ─> VignetteCore   (no libcurl)
//        └─> VignetteSnapshotReview (Foundation only) <─ VignetteSnapshotsTool <─ plugin vignette-snapshots
let package = Package(
    name: "Vignette",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Vignette", targets: ["Vignette"]),
        .library(name: "VignetteCore", targets: ["VignetteCore"]),
        .library(name: "VignetteCatalog", targets: ["VignetteCatalog"]),
        .library(name: "VignetteSnapshotTesting", targets: ["VignetteSnapshotTesting"]),
        .library(name: "VignetteTesting", targets: ["VignetteTesting"]),
        .library(name: "VignetteSQLite", targets: ["VignetteSQLite"]),
        .library(name: "VignetteServer", targets: ["VignetteServer"]),
        .library(name: "VignetteVapor", targets: ["VignetteVapor"]),
        .executable(name: "vignette", targets: ["VignetteCLI"]),
        // `swift package vignette-snapshots review|accept|obsolete|report` in a package that depends on Vignette.
        .plugin(name: "VignetteSnapshotsPlugin", targets: ["VignetteSnapshotsPlugin"])
    ],
    // The frameworks and engines above the pipeline are opt-in: a dependency that only a
    // disabled trait's targets use is neither resolved nor built. The defaults are what the
    // `vignette` tool needs (its server and SQLite cache). A `.package` line that names traits
    // replaces the defaults: `traits: ["Vapor"]` resolves Vapor but neither Hummingbird nor
    // GRDB; `traits: []` none of them. `make` enables all of them.
    traits: [
        .trait(name: "Hummingbird", description: "The render service's Hummingbird router (VignetteServer) and `vignette serve`."),
        .trait(name: "SQLite", description: "The SQLite disk-cache engine (VignetteSQLite, through GRDB)."),
        .trait(name: "Vapor", description: "VignetteVapor: the render service and rendered images in a Vapor app."),
        .default(enabledTraits: ["Hummingbird", "SQLite"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0")
    ],
    targets: [
        // One small C shim per system library, linked only by the modules that need it. Each library a
        // shim links is also a system-library target (module map + header) found through pkg-config, so
        // its include and library paths are the system's own: Debian's are on the default search paths,
        // Homebrew's (/opt/homebrew on Apple Silicon) on none. SwiftPM reads the .pc files itself, in the
        // folders `pkg-config --variable pc_path pkg-config` lists and, for the brew provider,
        // $(brew --prefix)/opt/<formula>/lib/pkgconfig (keg-only formulae too); when it finds none it
        // prints the provider's install command and builds without those flags. The shims keep their
        // `.linkedLibrary` too, so the link itself never depends on a .pc being found: a Debian machine
        // without pkg-config builds as before.
        .systemLibrary(
            name: "CLibPNG", pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CLibJPEG", pkgConfig: "libjpeg",
            // libjpeg-dev: libjpeg62-turbo-dev on Debian, libjpeg-turbo8-dev on Ubuntu.
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),
        .systemLibrary(
            name: "CLibWebP", pkgConfig: "libwebp libwebpdemux libwebpmux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        .systemLibrary(
            name: "CLibLCMS2", pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]
        ),
        // libpng reports errors with longjmp: every call of one decode stays in one C frame.
        .target(
            name: "CPNG", dependencies: ["CLibPNG"],
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate")]
        ),
        // libjpeg-turbo reports errors through error_exit: routed to longjmp within one C frame, as for libpng.
        .target(name: "CJPEG", dependencies: ["CLibJPEG"], linkerSettings: [.linkedLibrary("jpeg")]),
        // libwebp and its demuxer (animation frames, ICCP and EXIF chunks); status codes, never messages.
        .target(
            name: "CWebP", dependencies: ["CLibWebP"],
            linkerSettings: [.linkedLibrary("webp"), .linkedLibrary("webpdemux"), .linkedLibrary("webpmux")]
        ),
        // lcms2 converts embedded ICC profiles to sRGB; its errors become result codes, never output.
        .target(name: "CLCMS", dependencies: ["CLibLCMS2"], linkerSettings: [.linkedLibrary("lcms2")]),
        // giflib's record API, frame by frame (never DGifSlurp), errors as codes (never printed).
        // No pkg-config here: upstream giflib ships no .pc file and neither does Homebrew's formula (only
        // Debian adds libgif.pc), so on a Mac a pkgConfig lookup would fail and warn on every build with
        // giflib installed. Debian's header and library are on the default paths; Homebrew's are found
        // through CPATH and LIBRARY_PATH (README, "Install").
        .target(name: "CGIF", linkerSettings: [.linkedLibrary("gif")]),
        // libavif (AV1 through dav1d or aom): first image, one thread, libavif's own YUV->RGB.
        .target(name: "CAVIF", dependencies: ["CLoader"]),
        // libheif (HEVC through libde265): the primary image, transforms applied, one thread, result codes only.
        .target(name: "CHeif", dependencies: ["CLoader"]),
        // libcurl's setopt is variadic: typed setters in C.
        .target(name: "CCurl", dependencies: ["CLoader"]),
        // libcurl, libheif, libavif, HarfBuzz and ICU are opened on first use (each pulls in libraries that
        // would otherwise load with every process): dlopen and dlsym, nothing else. So their shims take
        // headers only, and no pkg-config: SwiftPM adds a .pc file's Libs to every product above it, which
        // would link them again. Their headers: Debian's are on the default paths (HarfBuzz's as
        // <harfbuzz/hb.h>, no -I needed); on macOS curl/curl.h is the SDK's (the system libcurl is the one
        // opened), and Homebrew's libavif, libheif, HarfBuzz and ICU headers are found through CPATH
        // (VignetteCore.docc/SystemLibraries). Each shim's loader lists the macOS file names too.
        .target(name: "CLoader"),
        // libdeflate is called directly from Swift; only its header is mapped (pkg-config: libdeflate.pc).
        .systemLibrary(
            name: "CDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        // glibc's mallopt is not visible through Swift's Glibc module (a no-op off glibc).
        .target(name: "CMalloc"),
        // Pixel kernels Swift cannot vectorise (SSE2 pmaddwd), exact integer math: no library.
        .target(name: "CKernels"),
        // Text: HarfBuzz shapes (kerning, ligatures, features, complex scripts) and draws unhinted glyph
        // outlines for our own rasterizer; ICU gives bidi levels (UAX #9), line breaks (UAX #14, with its
        // dictionaries for Japanese, Chinese, Thai) and grapheme clusters (UAX #29). ICU over FriBiDi and
        // libunibreak: one well-kept library for all three, Unicode 15 in Debian bookworm, where
        // libunibreak is 1.1 (Unicode 6, no grapheme clusters). Results are plain structs and codes.
        // Both are opened on first use (see CLoader above), never at process start: HarfBuzz with the first
        // font made (FontCollection.standard's too), ICU with the first text laid out. ICU's loader finds
        // another major version than the headers' too (its file and function names carry the version).
        .target(name: "CHarfBuzz", dependencies: ["CLoader"]),
        .target(name: "CICU", dependencies: ["CLoader"]),
        // libbrotlidec decompresses WOFF2 fonts (the glyph transforms are rebuilt in Swift); opened on first use.
        .target(name: "CBrotli", dependencies: ["CLoader"]),
        // The default family's font files compiled in (C23 #embed): no resource bundle to lose with a copied binary.
        .target(name: "CBundledFonts", exclude: ["fonts"]),
        .target(
            name: "VignetteCore",
            dependencies: [
                "CPNG", "CJPEG", "CWebP", "CAVIF", "CGIF", "CHeif", "CLCMS", "CDeflate", "CKernels", "CHarfBuzz", "CICU", "CBrotli", "CBundledFonts",
            ]
        ),
        .target(
            name: "Vignette",
            dependencies: [
                "VignetteCore", "CCurl", "CDeflate",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing")
            ]
        ),
        .target(
            name: "VignetteCatalog",
            dependencies: ["Vignette"],
            resources: [.copy("Resources")]
        ),
        // The SQLite disk-cache engine, apart so the pipeline does not pull in GRDB.
        .target(
            name: "VignetteSQLite",
            dependencies: ["Vignette", .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"]))]
        ),
        // The render service: a Hummingbird router over the pipeline (Vignette), never the reverse.
        .target(
            name: "VignetteServer",
            dependencies: [
                "Vignette",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Hummingbird"])),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["Hummingbird"])),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing")
            ]
        ),
        // The render service and rendered images in a Vapor app: Vapor only under the Vapor trait.
        .target(
            name: "VignetteVapor",
            dependencies: [
                "Vignette", "VignetteServer",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
            ]
        ),
        // Test doubles shipped for users (a fixture loader on a virtual clock): the core only, no libcurl.
        .target(
            name: "VignetteTesting",
            dependencies: ["VignetteCore"]
        ),
        // The last snapshot run as files (Foundation only): read by `vignette snapshots`, the plugin's
        // tool and its review page, written by VignetteSnapshotTesting. No image is decoded here.
        .target(name: "VignetteSnapshotReview"),
        .target(
            name: "VignetteSnapshotTesting",
            dependencies: [
                "VignetteCore", "VignetteTesting", "VignetteSnapshotReview",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing")
            ]
        ),
        // The plugin's tool: nothing but VignetteSnapshotReview, so its first build after `swift test`
        // takes seconds (the `vignette` tool builds the server, Hummingbird and GRDB).
        .executableTarget(name: "VignetteSnapshotsTool", dependencies: ["VignetteSnapshotReview"]),
        .plugin(
            name: "VignetteSnapshotsPlugin",
            capability: .command(
                intent: .custom(
                    verb: "vignette-snapshots",
                    description: "Review, accept or report the failed, new and obsolete snapshots of the last test run."),
                permissions: [
                    .writeToPackageDirectory(reason: "Accepting a snapshot writes its reference under Snapshots/; a report may write a JUnit file.")
                ]),
            dependencies: ["VignetteSnapshotsTool"]
        ),
        // The catalog writer alone: what `make determinism` builds in release.
        .executableTarget(name: "VignetteCatalogTool", dependencies: ["VignetteCatalog"]),
        .executableTarget(
            name: "VignetteCLI",
            dependencies: [
                "Vignette", "VignetteCatalog", "VignetteSQLite", "VignetteServer", "VignetteSnapshotReview", "CCurl", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus")
            ]
        ),
        // Test helpers shared by the test targets: fixtures, image builders, a loopback server.
        .target(
            name: "VignetteTestSupport",
            dependencies: ["VignetteCore", "CDeflate", .product(name: "Logging", package: "swift-log")],
            path: "Tests/Support"
        ),
        .testTarget(
            name: "VignetteCoreTests",
            dependencies: ["VignetteCore", "VignetteTestSupport"]
        ),
        .testTarget(
            name: "VignetteTests",
            dependencies: [
                "Vignette", "VignetteCatalog", "VignetteSQLite", "VignetteTesting", "VignetteTestSupport",
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing")
            ]
        ),
        .testTarget(
            name: "VignetteTestingTests",
            dependencies: ["VignetteTesting", "VignetteTestSupport"]
        ),
        .testTarget(
            name: "VignetteSnapshotTestingTests",
            dependencies: ["VignetteSnapshotTesting", "VignetteSnapshotReview", "VignetteCatalog", "VignetteTestSupport"]
        ),
        .testTarget(
            name: "VignetteSnapshotReviewTests",
            // The tool is a dependency so `swift test` builds the binary the tests run.
            dependencies: ["VignetteSnapshotReview", "VignetteSnapshotsTool"]
        ),
        .testTarget(
            name: "VignetteCLITests",
            // VignetteCLI is a dependency so `swift test` builds the binary these tests run.
            dependencies: ["VignetteCLI", "Vignette", "VignetteCatalog", "VignetteServer", "VignetteTesting", "VignetteTestSupport"]
        ),
        .testTarget(
            name: "VignetteServerTests",
            dependencies: [
                "VignetteServer", "Vignette", "VignetteTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing")
            ]
        ),
        // VignetteVapor against the Hummingbird router on one request table.
        .testTarget(
            name: "VignetteVaporTests",
            dependencies: [
                "VignetteVapor", "VignetteServer", "Vignette", "VignetteTestSupport",
                .product(name: "VaporTesting", package: "vapor", condition: .when(traits: ["Vapor"])),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
            ]
        ),
        // examples/VaporApp as a target of this package (its own Package.swift is for copying):
        // `make test` builds and tests it with the dependencies already built, under the Vapor trait.
        .target(
            name: "VaporApp",
            dependencies: [
                "Vignette", "VignetteServer", "VignetteVapor",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
            ],
            path: "examples/VaporApp/Sources/VaporApp"
        ),
        .testTarget(
            name: "VaporAppTests",
            dependencies: [
                "VaporApp", "Vignette", "VignetteServer",
                .product(name: "VaporTesting", package: "vapor", condition: .when(traits: ["Vapor"])),
            ],
            path: "examples/VaporApp/Tests/VaporAppTests"
        ),
        // The README's Swift examples, generated by Scripts/readme_examples.py: compiled, never run.
        // Images/ holds the artwork they name, so their `Bundle.module` is real.
        .testTarget(
            name: "ReadmeExamples",
            dependencies: [
                "Vignette", "VignetteCatalog", "VignetteSQLite", "VignetteSnapshotTesting", "VignetteTesting", "VignetteServer",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"]))
            ],
            resources: [.copy("Images")]
        ),
        // The Swift examples of the DocC articles (Sources/*/*.docc), generated the same way: a module
        // of their own, so an article may define the README's descriptors again without a clash.
        .testTarget(
            name: "DocCExamples",
            dependencies: [
                "Vignette", "VignetteCatalog", "VignetteSQLite", "VignetteSnapshotTesting", "VignetteTesting", "VignetteServer",
                "VignetteVapor",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            resources: [.copy("Images")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// `make test` sets VIGNETTE_STRICT=1: warnings are errors in this package's
// own targets (Swift and C). Dependencies keep their warnings, and a user who
// depends on Vignette never sees a build fail over a newer compiler's warning.
if Context.environment["VIGNETTE_STRICT"] == "1" {
    for target in package.targets where target.type != .system && target.type != .plugin {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
        target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-Werror"])]
    }
}
