import Testing

@testable import VignetteCore

/// The resampling kernels' SIMD and portable scalar paths must give the same
/// bytes (a machine without SSE2 renders exactly what one with it renders),
/// and the output must be valid premultiplied data.
@Suite struct ResampleKernelTests {
    /// Deterministic noise with translucent pixels, premultiplied, so the
    /// negative lobes ring and clamping matters.
    static func noise(_ width: Int, _ height: Int, seed: UInt32) throws -> Bitmap {
        var state = seed
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            state = state &* 1_664_525 &+ 1_013_904_223
            let alpha = UInt8(truncatingIfNeeded: state >> 24) | (i % 12 == 0 ? 0 : 0xC0)
            for c in 0..<3 {
                state = state &* 1_664_525 &+ 1_013_904_223
                pixels[i + c] = UInt8(UInt32(truncatingIfNeeded: state >> 24) * UInt32(alpha) / 255)
            }
            pixels[i + 3] = alpha
        }
        return try Bitmap(width: width, height: height, premultipliedRGBA: pixels)
    }

    static let cases: [(source: (Int, Int), destination: (Int, Int))] = [
        ((97, 61), (31, 17)),  // odd sizes, many taps
        ((40, 40), (97, 53)),  // upscale
        ((300, 7), (13, 7)),  // horizontal only
        ((7, 300), (7, 11)),  // vertical only, span below one SIMD block
        ((1, 50), (1, 3)),  // one column
        ((64, 64), (63, 65)),  // nearly the same size
        ((211, 90), (77, 45))  // AVX2: 32-byte vertical blocks and a tail, horizontal pairs and edge singles
    ]

    @Test(arguments: [ResamplingFilter.lanczos3, .catmullRom, .bilinear, .box])
    func simdAndScalarPathsAgree(filter: ResamplingFilter) throws {
        for (index, item) in Self.cases.enumerated() {
            let source = try Self.noise(item.source.0, item.source.1, seed: UInt32(index + 1))
            let (w, h) = item.destination
            let windows = [
                PixelRect(minX: 0, minY: 0, maxX: w, maxY: h),
                PixelRect(minX: w / 3, minY: h / 4, maxX: w, maxY: h - h / 4)
            ]
            for visible in windows where !visible.isEmpty {
                let scalar = Resampler.resample(
                    source, destinationWidth: w, destinationHeight: h, visible: visible,
                    filter: filter, path: .scalar)
                for path in [Resampler.KernelPath.sse2, .best] {
                    let simd = Resampler.resample(
                        source, destinationWidth: w, destinationHeight: h, visible: visible,
                        filter: filter, path: path)
                    #expect(simd == scalar, "\(path) \(item) \(visible)")
                }
                #expect(scalar.count == visible.width * visible.height * 4)
                for i in stride(from: 0, to: scalar.count, by: 4) {
                    let alpha = scalar[i + 3]
                    guard scalar[i] <= alpha, scalar[i + 1] <= alpha, scalar[i + 2] <= alpha else {
                        Issue.record("colour above alpha at byte \(i) for \(item)")
                        return
                    }
                }
            }
        }
    }

    @Test func aFlatImageStaysExactlyFlat() throws {
        let flat = try Bitmap(
            width: 123, height: 77,
            premultipliedRGBA: [UInt8](repeating: 0, count: 123 * 77 * 4).enumerated().map {
                [0x40, 0x80, 0xC0, 0xFF][$0.offset % 4]
            })
        for path in Resampler.KernelPath.allCases {
            let out = Resampler.resample(
                flat, destinationWidth: 50, destinationHeight: 91,
                visible: PixelRect(minX: 0, minY: 0, maxX: 50, maxY: 91),
                filter: .lanczos3, path: path)
            #expect(
                out
                    == [UInt8](repeating: 0, count: 50 * 91 * 4).enumerated().map {
                        [0x40, 0x80, 0xC0, 0xFF][$0.offset % 4]
                    })
        }
    }
}
