import CDeflate
import CKernels
import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// The unfilter kernels on real files: every PngSuite image (every colour
/// type, bit depth, interlacing and filter type the suite exercises), each
/// path against the specification, and the decode fast path on each path
/// against libpng.
@Suite struct PNGUnfilterSuiteTests {
    static let files: [URL] = {
        let all = (try? FileManager.default.contentsOfDirectory(at: Fixtures.url("pngsuite"), includingPropertiesForKeys: nil)) ?? []
        return all.filter { $0.pathExtension == "png" && !$0.lastPathComponent.hasPrefix("x") }.sorted { $0.path < $1.path }
    }()

    struct Image {
        var width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool
        var inflated: [UInt8]
    }

    /// IHDR facts and the inflated IDAT stream, or nil if the file has none.
    static func load(_ url: URL) throws -> Image? {
        let bytes = try [UInt8](Data(contentsOf: url))
        let chunks = PNGBuilder.chunks(bytes)
        guard let ihdr = chunks.first(where: { $0.type == "IHDR" }) else { return nil }
        let h = Array(bytes[ihdr.payload])
        let word = { (at: Int) in h[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var image = Image(
            width: word(0), height: word(4), bitDepth: Int(h[8]), colorType: Int(h[9]),
            interlaced: h[12] == 1, inflated: [])
        let idat = chunks.filter { $0.type == "IDAT" }.flatMap { bytes[$0.payload] }
        guard !idat.isEmpty else { return nil }
        let expected = passes(image).reduce(0) { $0 + $1.rows * (1 + $1.rowBytes) }
        var out = [UInt8](repeating: 0, count: expected)
        let decompressor = libdeflate_alloc_decompressor()
        defer { libdeflate_free_decompressor(decompressor) }
        var written = 0
        let rc = out.withUnsafeMutableBytes { o in
            idat.withUnsafeBytes { libdeflate_zlib_decompress(decompressor, $0.baseAddress, $0.count, o.baseAddress, expected, &written) }
        }
        try #require(rc == LIBDEFLATE_SUCCESS && written == expected, "\(url.lastPathComponent): zlib data")
        image.inflated = out
        return image
    }

    static func channels(_ colorType: Int) -> Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1 }

    /// Bytes per complete pixel (at least 1) and the sub-images to unfilter
    /// (one, or Adam7's seven passes, empty ones left out).
    static func passes(_ image: Image) -> [(rows: Int, rowBytes: Int, bpp: Int)] {
        let bitsPerPixel = channels(image.colorType) * image.bitDepth
        let bpp = max(1, bitsPerPixel / 8)
        let grid =
            image.interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        return grid.compactMap { x0, y0, dx, dy in
            let w = image.width > x0 ? (image.width - x0 + dx - 1) / dx : 0
            let h = image.height > y0 ? (image.height - y0 + dy - 1) / dy : 0
            return w > 0 && h > 0 ? (h, (w * bitsPerPixel + 7) / 8, bpp) : nil
        }
    }

    @Test func everyFileEveryPathMatchesTheSpecification() throws {
        var checked = 0
        var filtersSeen = Set<UInt8>()
        for url in Self.files {
            guard let image = try Self.load(url) else { continue }
            var offset = 0
            for pass in Self.passes(image) {
                // Sub-byte depths unfilter byte by byte: a "pixel" of one byte.
                let width = pass.rowBytes / pass.bpp
                let rows = (0..<pass.rows).map { y in
                    let start = offset + y * (1 + pass.rowBytes)
                    return (image.inflated[start], Array(image.inflated[start + 1..<start + 1 + pass.rowBytes]))
                }
                offset += pass.rows * (1 + pass.rowBytes)
                filtersSeen.formUnion(rows.map(\.0))
                let expected = PNGUnfilterKernelTests.reference(rows, width: width, sb: pass.bpp, db: pass.bpp)
                for path in PNGUnfilterKernelTests.paths {
                    let got = PNGUnfilterKernelTests.unfilter(rows, width: width, sb: pass.bpp, db: pass.bpp, path: path)
                    #expect(PNGUnfilterKernelTests.firstDifference(got, expected) == nil, "\(url.lastPathComponent), path \(path)")
                }
            }
            checked += 1
        }
        #expect(checked >= 150)
        #expect(filtersSeen == [0, 1, 2, 3, 4])
    }

    /// The decode fast path forced onto each kernel path gives libpng's pixels.
    @Test func fastPathOnEveryKernelPathMatchesLibpng() throws {
        var checked = 0
        for url in Self.files {
            let data = try Data(contentsOf: url)
            let header = try PNGCodec.header(of: data)
            guard PNGFastPath.applies(to: header) else { continue }
            let libpng = try PNGCodec.decodeStraightRGBA(data, maxPixelCount: 1 << 26, allowFastPath: false).pixels
            let count = header.width * header.height * 4
            for path in PNGUnfilterKernelTests.paths {
                var buffer = [UInt8](repeating: 0, count: count + PNGFastPath.slack(for: header))
                let accepted = data.withUnsafeBytes { raw in
                    buffer.withUnsafeMutableBufferPointer { PNGFastPath.decode(raw, header: header, into: $0.baseAddress!, path: path) }
                }
                #expect(accepted, "\(url.lastPathComponent), path \(path)")
                #expect(
                    PNGUnfilterKernelTests.firstDifference(Array(buffer[..<count]), libpng) == nil,
                    "\(url.lastPathComponent), path \(path)")
            }
            checked += 1
        }
        #expect(checked >= 20)
    }
}
