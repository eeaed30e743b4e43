import CDeflate
import Foundation

/// The hostile PNGs of issue 11, built in memory: small files whose headers
/// or chunks ask a decoder for far more memory or time than their size.
public enum HostileFiles {
    /// A zlib stream of `payload` compressed at libdeflate's level 9.
    public static func zlibCompressed(_ payload: [UInt8]) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(9) else { return [] }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, payload.count)
        var out = [UInt8](repeating: 0, count: bound)
        let count = payload.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { output in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        return Array(out.prefix(count))
    }

    /// A 1-bit grey `width × height` PNG of zero rows, compressed (1,000,000 × 100 is about 12 KB).
    public static func wideOneBit(width: Int, height: Int) -> [UInt8] {
        // Every row is filter byte 0 and zero samples: the payload is all zeros.
        var png = PNGBuilder()
        png.header(width: UInt32(width), height: UInt32(height), bitDepth: 1, colorType: 0)
        png.chunk("IDAT", zlibCompressed([UInt8](repeating: 0, count: height * (1 + (width + 7) / 8))))
        png.end()
        return png.bytes
    }

    /// An 8-bit grey `width × height` PNG of mid-grey rows, compressed.
    public static func grey(width: Int, height: Int) -> [UInt8] {
        let row = [0] + [UInt8](repeating: 0x80, count: width)
        var png = PNGBuilder()
        png.header(width: UInt32(width), height: UInt32(height), bitDepth: 8, colorType: 0)
        png.chunk("IDAT", zlibCompressed(Array([[UInt8]](repeating: row, count: height).joined())))
        png.end()
        return png.bytes
    }

    /// A 1×1 grey PNG (value 0x80) whose `count` zTXt chunks each inflate
    /// to `inflatedBytes` (300 × 8 MB is about 2.3 MB of file and 2.4 GB inflated).
    public static func zTXtBomb(count: Int = 300, inflatedBytes: Int = 8_000_000) -> [UInt8] {
        let text = Array("Comment".utf8) + [0, 0] + zlibCompressed([UInt8](repeating: 0x41, count: inflatedBytes))
        var png = PNGBuilder()
        png.header(width: 1, height: 1, bitDepth: 8, colorType: 0)
        for _ in 0..<count { png.chunk("zTXt", text) }
        png.imageData(scanlines: [0, 0x80])
        png.end()
        return png.bytes
    }

    /// 66 bytes: an RGBA header of `width × height` (10000 × 10000: 400 MB
    /// of output) and an IDAT holding the first nine bytes of a zlib stream.
    public static func lyingHeader(width: UInt32 = 10_000, height: UInt32 = 10_000, colorType: UInt8 = 6) -> [UInt8] {
        var png = PNGBuilder()
        png.header(width: width, height: height, bitDepth: 8, colorType: colorType)
        png.chunk("IDAT", Array(zlibCompressed([UInt8](repeating: 0, count: 4096)).prefix(9)))
        png.end()
        return png.bytes
    }
}
