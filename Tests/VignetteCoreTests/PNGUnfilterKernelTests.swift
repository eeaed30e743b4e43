import CKernels
import Testing
import VignetteTestSupport

/// The PNG unfilter kernels: every path (portable scalar, SSE2, AVX2 where
/// the processor has it) gives the bytes of the specification's predictors,
/// for every filter type, pixel layout and width, in place or not.
/// (PNGUnfilterSuiteTests runs them over every PngSuite file.)
@Suite struct PNGUnfilterKernelTests {
    /// Every path this machine can run; the scalar one first.
    static let paths: [Int32] = [Int32(VG_UNFILTER_SCALAR), Int32(VG_UNFILTER_SSE2), Int32(VG_UNFILTER_AVX2)]
        .filter { vg_png_unfilter_path_available($0) == 1 }

    /// (source, output) bytes per pixel: the equal layouts of 8- and 16-bit
    /// PNGs, and RGB expanded to RGBA as the decode fast path does it.
    static let layouts: [(Int, Int)] = [(1, 1), (2, 2), (3, 3), (3, 4), (4, 4), (6, 6), (8, 8)]
    static let widths = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64, 65, 100, 129, 257]

    @Test func scalarAndTheProcessorsSIMDPathsAreAvailable() {
        #expect(Self.paths.first == Int32(VG_UNFILTER_SCALAR))
        #if arch(x86_64)
            #expect(Self.paths.contains(Int32(VG_UNFILTER_SSE2)))
        #endif
        #expect(Self.paths.contains(vg_png_unfilter_default_path()))
    }

    /// Random rows with random filter bytes, and images of one filter type
    /// throughout (so each type also meets the first row, with nothing above).
    @Test(arguments: layouts.indices)
    func everyPathMatchesTheSpecification(layout: Int) {
        let (sb, db) = Self.layouts[layout]
        var random = LCG(seed: UInt64(layout) + 1)
        for width in Self.widths {
            for filters in [nil, 0, 1, 2, 3, 4] as [UInt8?] {
                let height = 5
                let rows = (0..<height).map { _ in
                    (filters ?? UInt8(random.next(upTo: 4)), Self.residuals(width * sb, &random))
                }
                let expected = Self.reference(rows, width: width, sb: sb, db: db)
                for path in Self.paths {
                    let got = Self.unfilter(rows, width: width, sb: sb, db: db, path: path)
                    #expect(
                        Self.firstDifference(got, expected) == nil,
                        "path \(path), layout \(sb)→\(db), width \(width), filters \(rows.map(\.0))")
                }
            }
        }
    }

    /// Same layout, `src` == `dst`: the way a row unfilters in place.
    @Test(arguments: [1, 3, 4, 6, 8])
    func inPlaceMatchesSeparateBuffers(bpp: Int) {
        var random = LCG(seed: UInt64(bpp) * 77)
        for (width, filter) in [1, 5, 33, 130].flatMap({ w in (0...4).map { (w, $0) } }) {
            let rows = (0..<3).map { _ in (UInt8(filter), Self.residuals(width * bpp, &random)) }
            let expected = Self.reference(rows, width: width, sb: bpp, db: bpp)
            for path in Self.paths {
                var image = [UInt8](repeating: 0, count: width * bpp * 3)
                image.withUnsafeMutableBufferPointer { out in
                    for (y, row) in rows.enumerated() {
                        let dst = out.baseAddress! + y * width * bpp
                        row.1.withUnsafeBufferPointer { dst.update(from: $0.baseAddress!, count: width * bpp) }
                        let rc = vg_png_unfilter_row(
                            Int32(row.0), dst, dst, y == 0 ? nil : UnsafePointer(dst - width * bpp),
                            width, Int32(bpp), Int32(bpp), path)
                        #expect(rc == 0)
                    }
                }
                #expect(Self.firstDifference(image, expected) == nil, "in place, path \(path), bpp \(bpp), width \(width), filter \(filter)")
            }
        }
    }

    /// The whole-image kernel with the filtered data inside the output buffer,
    /// placed as the decode fast path places it (RGB at the end, RGBA at the start).
    @Test(arguments: [3, 4])
    func wholeImageInPlaceMatchesTheSpecification(channels: Int) {
        var random = LCG(seed: UInt64(channels) * 1_000)
        for (width, height) in [1, 2, 7, 66, 131, 300].flatMap({ w in [1, 2, 9].map { (w, $0) } }) {
            let rows = (0..<height).map { _ in (UInt8(random.next(upTo: 4)), Self.residuals(width * channels, &random)) }
            let expected = Self.reference(rows, width: width, sb: channels, db: 4)
            let raw = rows.flatMap { [$0.0] + $0.1 }
            let outCount = width * height * 4
            for path in Self.paths {
                var buffer = [UInt8](repeating: 0xA5, count: outCount + height + 16)
                let offset = channels == 3 ? outCount - raw.count : 0
                buffer.replaceSubrange(offset..<offset + raw.count, with: raw)
                let rc = buffer.withUnsafeMutableBufferPointer { b in
                    vg_png_unfilter_rgba(b.baseAddress! + offset, b.baseAddress!, width, height, Int32(channels), path)
                }
                #expect(rc == 0)
                #expect(Self.firstDifference(Array(buffer[..<outCount]), expected) == nil, "path \(path), \(channels) channels, \(width)×\(height)")
                #expect(buffer[(outCount + height)...].allSatisfy { $0 == 0xA5 }, "wrote past the buffer")
            }
        }
    }

    @Test func unknownFilterBytesAndLayoutsAreRefused() {
        var out = [UInt8](repeating: 0, count: 16)
        let src = [UInt8](repeating: 1, count: 16)
        for path in Self.paths {
            #expect(vg_png_unfilter_row(5, src, &out, nil, 2, 4, 4, path) == -1)
            #expect(vg_png_unfilter_row(1, src, &out, nil, 2, 4, 3, path) == -1)
            #expect(vg_png_unfilter_row(1, src, &out, nil, 1, 9, 9, path) == -1)
            var raw: [UInt8] = [0, 1, 2, 3, 7, 1, 2, 3]  // second row: filter byte 7
            #expect(vg_png_unfilter_rgba(raw, &raw, 1, 2, 3, path) == -1)
        }
    }

    @Test func everyPredictorCaseMatchesTheSpecification() {
        // The second pixel of a two-pixel RGBA row, for a chosen left (a), above (b) and above-left (c).
        for (a, b, c) in [
            (10, 20, 30), (30, 20, 10), (0, 255, 128), (200, 200, 200), (5, 250, 5), (250, 5, 5),
            (1, 2, 2), (3, 10, 5), (2, 10, 5), (12, 5, 10), (13, 5, 10), (13, 4, 10), (14, 4, 10)
        ] {
            let up = [UInt8](repeating: UInt8(c), count: 4) + [UInt8](repeating: UInt8(b), count: 4)
            let stored = UInt8(truncatingIfNeeded: a - Self.paeth(0, c, 0))
            let src = [UInt8](repeating: stored, count: 4) + [7, 7, 7, 7]
            for path in Self.paths {
                var dst = [UInt8](repeating: 0, count: 8)
                #expect(vg_png_unfilter_row(4, src, &dst, up, 2, 4, 4, path) == 0)
                #expect(dst[0] == UInt8(a))
                #expect(dst[4] == UInt8(truncatingIfNeeded: 7 + Self.paeth(a, b, c)), "path \(path): a \(a) b \(b) c \(c)")
            }
        }
    }

    // MARK: - Reference

    /// The first byte offset where two outputs differ (nil when equal): a
    /// failure names one byte instead of printing whole images.
    static func firstDifference(_ got: [UInt8], _ expected: [UInt8]) -> Int? {
        guard got.count == expected.count else { return min(got.count, expected.count) }
        return got.indices.first { got[$0] != expected[$0] }
    }

    /// Filtered bytes as real rows have them: mostly small residuals, some large.
    static func residuals(_ count: Int, _ random: inout LCG) -> [UInt8] {
        (0..<count).map { _ in
            let v = UInt8(truncatingIfNeeded: random.next())
            return random.next(upTo: 4) == 0 ? v : v >> 5
        }
    }

    /// The specification's predictor, written out.
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// ISO/IEC 15948 §9 in Swift, independent of the C code.
    static func reference(_ rows: [(UInt8, [UInt8])], width: Int, sb: Int, db: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * db * rows.count)
        for (y, (filter, src)) in rows.enumerated() {
            let row = y * width * db
            for x in 0..<width {
                for i in 0..<sb {
                    let a = x > 0 ? Int(out[row + (x - 1) * db + i]) : 0
                    let b = y > 0 ? Int(out[row - width * db + x * db + i]) : 0
                    let c = y > 0 && x > 0 ? Int(out[row - width * db + (x - 1) * db + i]) : 0
                    let prediction = [0, a, b, (a + b) / 2, paeth(a, b, c)][Int(filter)]
                    out[row + x * db + i] = UInt8(truncatingIfNeeded: Int(src[x * sb + i]) + prediction)
                }
                if db > sb { out[row + x * db + 3] = 255 }
            }
        }
        return out
    }

    /// The C kernel row by row into a separate output buffer.
    static func unfilter(_ rows: [(UInt8, [UInt8])], width: Int, sb: Int, db: Int, path: Int32) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * db * rows.count)
        out.withUnsafeMutableBufferPointer { o in
            for (y, (filter, src)) in rows.enumerated() {
                let dst = o.baseAddress! + y * width * db
                let rc = vg_png_unfilter_row(
                    Int32(filter), src, dst, y == 0 ? nil : UnsafePointer(dst - width * db),
                    width, Int32(sb), Int32(db), path)
                #expect(rc == 0)
            }
        }
        return out
    }
}
