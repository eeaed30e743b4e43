import CKernels
import Testing

/// The Paeth unfilter kernel: its SSE2 path and its portable scalar path
/// give the same bytes (PNGFastPathTests checks it against libpng end to end).
@Suite struct PNGUnfilterKernelTests {
    static func noise(_ count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    @Test(arguments: [3, 4])
    func simdAndScalarPathsAgree(channels: Int) {
        for (index, width) in [1, 2, 7, 64, 333].enumerated() {
            let up = Self.noise(width * 4, seed: UInt32(index + 10))
            // Mostly small residuals, as real filtered rows have, and some large ones.
            let src = Self.noise(width * channels, seed: UInt32(index + 99)).enumerated().map { $0.offset % 5 == 0 ? $0.element : $0.element >> 5 }
            var rows: [[UInt8]] = []
            for simd in [Int32(1), 0] {
                var dst = [UInt8](repeating: 0, count: width * 4)
                src.withUnsafeBufferPointer { s in
                    up.withUnsafeBufferPointer { u in
                        dst.withUnsafeMutableBufferPointer { d in
                            vg_png_unfilter_paeth_path(s.baseAddress, d.baseAddress, u.baseAddress, width, Int32(channels), simd)
                        }
                    }
                }
                rows.append(dst)
            }
            #expect(rows[0] == rows[1], "\(channels) channels, width \(width)")
            if channels == 3 { #expect(stride(from: 3, to: rows[0].count, by: 4).allSatisfy { rows[0][$0] == 255 }) }
        }
    }

    @Test func everyPredictorCaseMatchesTheSpecification() {
        // One pixel per (a, b, c) case through a two-pixel row: left = the first pixel's output.
        for (a, b, c) in [(10, 20, 30), (30, 20, 10), (0, 255, 128), (200, 200, 200), (5, 250, 5), (250, 5, 5), (1, 2, 2)] {
            let up: [UInt8] = [UInt8(c), UInt8(c), UInt8(c), UInt8(c), UInt8(b), UInt8(b), UInt8(b), UInt8(b)]
            // First pixel: left 0, up-left 0, up c → stored so that its output is `a`.
            let firstPrediction = Self.paeth(0, c, 0)
            let stored = UInt8(truncatingIfNeeded: a - firstPrediction)
            let src: [UInt8] = [stored, stored, stored, stored, 7, 7, 7, 7]
            var dst = [UInt8](repeating: 0, count: 8)
            vg_png_unfilter_paeth_path(src, &dst, up, 2, 4, 1)
            #expect(dst[0] == UInt8(a))
            #expect(dst[4] == UInt8(truncatingIfNeeded: 7 + Self.paeth(a, b, c)), "a \(a) b \(b) c \(c)")
        }
    }

    /// The specification's predictor, written out.
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
