// The JPEG job of issue 10 per image, in-process: decode (with and without
// shrink-on-load), and the whole server job — JPEG bytes → aspectFill
// 300x300 pt @2x over #EEEEEE → JPEG q80. The side-by-side figures against
// Pillow and pyvips come from Benchmarks/compare_jpeg.py (one process per
// tool over 28 photos); these isolate Vignette's own stages.

import Benchmark
import Foundation
import Vignette

func jpegBenchmarks(_ fixtures: Fixtures) {
    // 3072x2048 at q90 4:2:0, as a camera or CDN would serve it.
    let large: Data
    do {
        large = try fixtures.largeBitmap.encoded(as: .jpeg, options: EncodingOptions(quality: 90))
    } catch {
        fatalError("VignetteBenchmarks: cannot encode the JPEG input: \(error)")
    }
    let target = ShrinkTarget(size: PixelSize(width: 600, height: 600), contentMode: .aspectFill, cropsToVisible: true)

    Benchmark("Decode JPEG 3072x2048 (full size)") { benchmark in
        try CPUTime.measure(benchmark) {
            blackHole(try Bitmap(decoding: large))
        }
    }

    Benchmark("Decode JPEG 3072x2048 for 600x600 aspectFill (1/2 scale, cropped)") { benchmark in
        try CPUTime.measure(benchmark) {
            blackHole(try Bitmap(decoding: large, options: DecodingOptions(shrinkTarget: target)))
        }
    }

    Benchmark("End-to-end JPEG 3072x2048 → 300x300pt@2x JPEG q80") { benchmark in
        try CPUTime.measure(benchmark) {
            let image = try Bitmap(decoding: large, options: DecodingOptions(shrinkTarget: target))
            let descriptor = ImageDescriptor(image, contentMode: .aspectFill, background: Fixtures.background)
            let rendered = try ImageRenderer.render(descriptor, size: Size(width: 300, height: 300), scale: 2)
            blackHole(try rendered.encoded(as: .jpeg, options: EncodingOptions(quality: 80)))
        }
    }
}
