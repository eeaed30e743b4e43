// Vignette's hot paths on real photographs: PNG and JPEG decode, resampling,
// tint and compositing, PNG encode, and the whole server job (bytes in, bytes
// out; PNG here, JPEG in JPEGBenchmarks.swift).
//
//   cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
//
// Inputs are the Kodak photos bundled with VignetteCatalog (768x512), found
// relative to this file so that a fresh clone works from any folder. The
// 3072x2048 input is made in memory: a photo upscaled by Vignette itself and
// encoded once. Every iteration handles one image, so wall/CPU times read as
// "per image" and throughput as "images per second".

import Benchmark
import Foundation
import Vignette
import VignetteSQLite

let benchmarks: @Sendable () -> Void = {
    let fixtures = Fixtures.load()

    // Each benchmark stops after ~2 s (or maxIterations), so the suite runs in
    // a few minutes on a 2-core machine. One warm-up iteration primes caches
    // and the allocator before anything is measured.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, CPUTime.metric],
        units: [CPUTime.metric: .count],  // plain microseconds, not "(K) µs"
        warmupIterations: 1,
        maxDuration: .seconds(2),
        maxIterations: 1_000
    )

    // MARK: Decode

    Benchmark("Decode PNG 768x512") { benchmark in
        try CPUTime.measure(benchmark) {
            blackHole(try Bitmap(decoding: fixtures.photoPNG))
        }
    }

    Benchmark("Decode PNG 3072x2048") { benchmark in
        try CPUTime.measure(benchmark) {
            blackHole(try Bitmap(decoding: fixtures.largePNG))
        }
    }

    // MARK: Resample (render with aspectFill, no PNG work)

    // A 3:2 photo filling a square surface: 3072x2048 → 900x600, clipped to 600x600.
    Benchmark("Downscale 3072x2048 → 600x600 aspectFill") { benchmark in
        let descriptor = ImageDescriptor(fixtures.largeBitmap, contentMode: .aspectFill)
        try CPUTime.measure(benchmark) {
            blackHole(try ImageRenderer.render(descriptor, size: Fixtures.square, scale: 1))
        }
    }

    // 768x512 → 900x600, clipped to 600x600.
    Benchmark("Upscale 768x512 → 600x600 aspectFill") { benchmark in
        let descriptor = ImageDescriptor(fixtures.photoBitmap, contentMode: .aspectFill)
        try CPUTime.measure(benchmark) {
            blackHole(try ImageRenderer.render(descriptor, size: Fixtures.square, scale: 1))
        }
    }

    // MARK: Tint + composite

    // The icon is drawn at its own pixel size, so no resampling happens and
    // the time is the template tint plus source-over onto the background.
    Benchmark("Tint + composite 256x256 RGBA icon") { benchmark in
        let descriptor = ImageDescriptor(
            fixtures.icon, contentMode: .center,
            tint: Fixtures.tint, background: Fixtures.background)
        let size = Size(width: Double(fixtures.icon.width), height: Double(fixtures.icon.height))
        try CPUTime.measure(benchmark) {
            blackHole(try ImageRenderer.render(descriptor, size: size, scale: 1))
        }
    }

    // MARK: Compare (4.2 Mpx; Gpx/s = 4.19 / time in ms)

    Benchmark("Compare identical 2048x2048 (exact)") { benchmark in
        CPUTime.measure(benchmark) {
            blackHole(ImageComparison.exact.compare(fixtures.compareReference, fixtures.compareCopy))
        }
    }

    Benchmark("Compare 2048x2048, 1% changed (perceptual 0.98)") { benchmark in
        let comparison = ImageComparison(perceptualPrecision: 0.98)
        CPUTime.measure(benchmark) {
            blackHole(comparison.compare(fixtures.compareReference, fixtures.compareSquare))
        }
    }

    Benchmark("Compare 2048x2048, ±1 noise everywhere (perceptual 0.98)") { benchmark in
        let comparison = ImageComparison(perceptualPrecision: 0.98)
        CPUTime.measure(benchmark) {
            blackHole(comparison.compare(fixtures.compareReference, fixtures.compareNoise))
        }
    }

    // MARK: Memory cache

    // A surface's synchronous path for a remote descriptor already loaded:
    // one structured-key look-up in the strict-LRU cache, under its lock.
    // The pipeline is built once, outside the measurement; each measured
    // iteration is 1,000 hits, reported per hit (scalingFactor .kilo).
    let hitPipeline = ImagePipeline()
    let hitRequest = ImageRequest(url: URL(string: "https://example.com/p/1.png")!)
    hitPipeline.memoryCache.set(fixtures.renderedSquare, for: hitRequest.key, cost: fixtures.renderedSquare.pixels.count)
    Benchmark(
        "Memory cache hit (ImagePipeline.cachedImage)",
        configuration: .init(
            metrics: [.wallClock, .throughput], scalingFactor: .kilo,
            maxDuration: .seconds(2), maxIterations: 100_000)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(hitPipeline.cachedImage(for: hitRequest))
        }
    }

    // MARK: Disk cache

    // 1,000 entries of ~50 KB per engine, into a fresh folder each iteration
    // (write), then read back in order and all at once.
    for engine in ["files", "sqlite"] {
        let entries = (0..<1_000).map { i in
            DiskCacheEntry(
                key: "https://example.com/p/\(i).png", data: fixtures.fiftyKB,
                metadata: CacheMetadata(etag: "\"\(i)\"", freshUntil: Date().addingTimeInterval(3600)))
        }
        let diskConfiguration = Benchmark.Configuration(
            metrics: [.wallClock, CPUTime.metric], units: [CPUTime.metric: .count],
            warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 10)
        Benchmark("Disk cache write 1,000 × 50 KB (\(engine))", configuration: diskConfiguration) { benchmark in
            for _ in benchmark.scaledIterations {
                let folder = DiskFixtures.folder()
                defer { try? FileManager.default.removeItem(atPath: folder) }
                let storage = try DiskFixtures.open(engine, folder)
                let start = CPUTime.now()
                benchmark.startMeasurement()
                for entry in entries { try await storage.store(entry) }
                benchmark.stopMeasurement()
                benchmark.measurement(CPUTime.metric, (CPUTime.now() - start) / 1_000)
            }
        }
        let readFolder = DiskFixtures.folder()
        Benchmark("Disk cache read 1,000 × 50 KB (\(engine), one by one)", configuration: diskConfiguration) { benchmark in
            let storage = try DiskFixtures.open(engine, readFolder)
            if try await storage.count() < entries.count { for entry in entries { try await storage.store(entry) } }
            for _ in benchmark.scaledIterations {
                let start = CPUTime.now()
                benchmark.startMeasurement()
                for entry in entries { blackHole(try await storage.entry(for: entry.key)) }
                benchmark.stopMeasurement()
                benchmark.measurement(CPUTime.metric, (CPUTime.now() - start) / 1_000)
            }
        }
        Benchmark("Disk cache read 1,000 × 50 KB (\(engine), all at once)", configuration: diskConfiguration) { benchmark in
            let storage = try DiskFixtures.open(engine, readFolder)
            if try await storage.count() < entries.count { for entry in entries { try await storage.store(entry) } }
            for _ in benchmark.scaledIterations {
                let start = CPUTime.now()
                benchmark.startMeasurement()
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for entry in entries { group.addTask { try await storage.entry(for: entry.key)?.data.count ?? 0 } }
                    for try await size in group { blackHole(size) }
                }
                benchmark.stopMeasurement()
                benchmark.measurement(CPUTime.metric, (CPUTime.now() - start) / 1_000)
            }
        }
    }

    // MARK: Encode

    Benchmark("Encode PNG 600x600 photo") { benchmark in
        try CPUTime.measure(benchmark) {
            blackHole(try fixtures.renderedSquare.encoded())
        }
    }

    // MARK: End to end

    // What `vignette render --size 300x300 --scale 2 --mode aspectFill
    // --background '#EEEEEE'` does per input, minus file I/O.
    Benchmark("End-to-end 768x512 → 300x300pt@2x PNG") { benchmark in
        try CPUTime.measure(benchmark) {
            blackHole(try Fixtures.thumbnail(fixtures.photoPNG))
        }
    }

    Benchmark("End-to-end 3072x2048 → 300x300pt@2x PNG") { benchmark in
        try CPUTime.measure(benchmark) {
            blackHole(try Fixtures.thumbnail(fixtures.largePNG))
        }
    }

    jpegBenchmarks(fixtures)
}

/// Inputs shared by all benchmarks, prepared once before any of them runs.
struct Fixtures: Sendable {
    /// The photo used by the single-image benchmarks: kodim23, a 768x512
    /// colour-rich photograph, middling in how well it compresses among the four.
    static let photoName = "product-parrots.png"
    /// 600x600 pixels at scale 1 (the resample benchmarks work in pixels).
    static let square = Size(width: 600, height: 600)
    static let tint = Color(red: 0x1E, green: 0x6F, blue: 0xD9, alpha: 0xE6)
    static let background = Color(red: 0xEE, green: 0xEE, blue: 0xEE)

    /// The 768x512 photo as PNG bytes, and decoded.
    let photoPNG: Data
    let photoBitmap: Bitmap
    /// The same photo at 3072x2048, as PNG bytes and decoded.
    let largePNG: Data
    let largeBitmap: Bitmap
    /// A 256x256 icon with real antialiased alpha (the catalog logo, upscaled).
    let icon: Bitmap
    /// The 600x600 aspectFill render of the photo: the encode benchmark's input.
    let renderedSquare: Bitmap
    /// 2048x2048 (4.2 Mpx) photo renders for the comparison benchmarks: the
    /// reference, an identical copy in its own buffer, one with a 205x205
    /// square changed (1% of pixels), and one with ±1 noise on every channel.
    let compareReference: Bitmap
    let compareCopy: Bitmap
    let compareSquare: Bitmap
    let compareNoise: Bitmap
    /// ~50 KB of a photo's PNG bytes: a disk-cache entry's payload.
    let fiftyKB: Data

    /// The catalog's resource folder: this file is
    /// <root>/Benchmarks/Benchmarks/VignetteBenchmarks/VignetteBenchmarks.swift.
    static let resources: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // VignetteBenchmarks
        .deletingLastPathComponent()  // Benchmarks (targets)
        .deletingLastPathComponent()  // Benchmarks (package)
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("Sources/VignetteCatalog/Resources")

    static func load() -> Fixtures {
        do {
            let photoPNG = try Data(contentsOf: resources.appendingPathComponent(photoName))
            let photoBitmap = try Bitmap(decoding: photoPNG)

            let large = try ImageRenderer.render(
                ImageDescriptor(photoBitmap, contentMode: .scaleToFill),
                size: Size(width: 3072, height: 2048), scale: 1)
            let largePNG = try large.encoded()
            let largeBitmap = try Bitmap(decoding: largePNG)

            let logo = try Bitmap(decoding: Data(contentsOf: resources.appendingPathComponent("logo@2x.png")))
            let icon = try ImageRenderer.render(
                ImageDescriptor(logo, contentMode: .scaleToFill),
                size: Size(width: 256, height: 256), scale: 1)
            precondition(!icon.isOpaque, "the icon should carry alpha so that tint and compositing do real work")

            let renderedSquare = try ImageRenderer.render(
                ImageDescriptor(photoBitmap, contentMode: .aspectFill, background: background),
                size: square, scale: 1)
            let reference = try ImageRenderer.render(
                ImageDescriptor(photoBitmap, contentMode: .aspectFill),
                size: Size(width: 2048, height: 2048), scale: 1)
            let copy = try Bitmap(decoding: reference.encoded())
            var square = reference
            square.fill(PixelRect(minX: 900, minY: 900, maxX: 1105, maxY: 1105), with: Color(red: 255, green: 0, blue: 255))
            var noise = reference
            var pixels = reference.pixels
            var state: UInt32 = 7
            for i in pixels.indices where i % 4 != 3 {
                state = state &* 1_103_515_245 &+ 12345
                pixels[i] = state >> 16 & 1 == 0 ? (pixels[i] == 0 ? 1 : pixels[i] - 1) : (pixels[i] == 255 ? 254 : pixels[i] + 1)
            }
            noise = try Bitmap(width: reference.width, height: reference.height, premultipliedRGBA: pixels)
            return Fixtures(
                photoPNG: photoPNG, photoBitmap: photoBitmap, largePNG: largePNG,
                largeBitmap: largeBitmap, icon: icon, renderedSquare: renderedSquare,
                compareReference: reference, compareCopy: copy, compareSquare: square, compareNoise: noise,
                fiftyKB: photoPNG.prefix(50_000))
        } catch {
            fatalError("VignetteBenchmarks: cannot prepare inputs from \(resources.path): \(error)")
        }
    }

    /// The server job: PNG bytes → decode → aspectFill 300x300 pt @2x over
    /// #EEEEEE → PNG bytes at the default encoding options.
    static func thumbnail(_ png: Data) throws -> Data {
        let image = try Bitmap(decoding: png)
        let descriptor = ImageDescriptor(image, contentMode: .aspectFill, background: background)
        let rendered = try ImageRenderer.render(descriptor, size: Size(width: 300, height: 300), scale: 2)
        return try rendered.encoded()
    }
}

/// CPU time per iteration in microseconds, read from CLOCK_PROCESS_CPUTIME_ID.
///
/// package-benchmark's own `cpuTotal` comes from /proc in 10 ms clock ticks on
/// Cache folders for the disk benchmarks.
enum DiskFixtures {
    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("vignette-bench-\(UUID().uuidString)").path
    }

    static func open(_ engine: String, _ folder: String) throws -> any DiskCacheStorage {
        engine == "files" ? try FileCacheStorage(directory: folder) : try SQLiteCacheStorage(directory: folder)
    }
}

/// Linux, so it reads 0 or 10000 µs for the sub-10 ms benchmarks here. This
/// clock has nanosecond resolution and counts every thread of the process.
enum CPUTime {
    static let metric = BenchmarkMetric.custom("CPU time (µs)", polarity: .prefersSmaller, useScalingFactor: true)

    static func now() -> Int {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return spec.tv_sec * 1_000_000_000 + spec.tv_nsec
    }

    /// Runs `body` once per scaled iteration, recording the CPU time of each.
    static func measure(_ benchmark: Benchmark, _ body: () throws -> Void) rethrows {
        for _ in benchmark.scaledIterations {
            let start = now()
            try body()
            benchmark.measurement(metric, (now() - start) / 1_000)
        }
    }
}
