/// Builds PNG files byte by byte, independently of libpng, so tests can make
/// exactly the files they need (huge headers, straight alpha, 16-bit sweeps).
/// The zlib stream uses stored (uncompressed) deflate blocks.
public struct PNGBuilder {
    /// An empty file: only the signature.
    public init() {}

    public private(set) var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Appends one chunk with a correct CRC.
    public mutating func chunk(_ type: String, _ data: [UInt8]) {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "chunk types have four letters")
        bytes += Self.bigEndian(UInt32(data.count))
        bytes += typeBytes
        bytes += data
        bytes += Self.bigEndian(Checksums.crc32(typeBytes + data))
    }

    /// Appends an IHDR chunk (compression, filter method 0).
    public mutating func header(width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, interlaced: Bool = false) {
        chunk("IHDR", Self.bigEndian(width) + Self.bigEndian(height) + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0])
    }

    /// Appends one IDAT holding `scanlines` (each row already prefixed by its filter byte).
    public mutating func imageData(scanlines: [UInt8]) {
        chunk("IDAT", Self.zlibStored(scanlines))
    }

    /// Appends IEND.
    public mutating func end() { chunk("IEND", []) }

    /// A complete non-interlaced PNG from rows of raw samples (filter type 0).
    public static func image(
        width: Int, height: Int, bitDepth: UInt8, colorType: UInt8,
        rows: [[UInt8]], extraChunks: [(String, [UInt8])] = []
    ) -> [UInt8] {
        var png = PNGBuilder()
        png.header(width: UInt32(width), height: UInt32(height), bitDepth: bitDepth, colorType: colorType)
        for (type, data) in extraChunks { png.chunk(type, data) }
        png.imageData(scanlines: rows.flatMap { [0] + $0 })
        png.end()
        return png.bytes
    }

    /// A zlib stream of stored deflate blocks (at most 65 535 bytes each).
    public static func zlibStored(_ payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65_535, payload.count - offset)
            let final: UInt8 = offset + n == payload.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += payload[offset..<offset + n]
            offset += n
        } while offset < payload.count
        out += bigEndian(Checksums.adler32(payload))
        return out
    }

    public static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    /// The byte ranges of every chunk's payload, with its type, in file order.
    public static func chunks(_ png: [UInt8]) -> [(type: String, payload: Range<Int>)] {
        var result: [(type: String, payload: Range<Int>)] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            guard length <= png.count - i - 12 else { break }
            result.append((String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self), (i + 8)..<(i + 8 + length)))
            i += 12 + length
        }
        return result
    }

    /// Rewrites the CRC of the chunk whose payload is `payload`, so a
    /// corruption inside it reaches the zlib and filter layers.
    public static func fixCRC(_ png: inout [UInt8], payload: Range<Int>) {
        let crc = Checksums.crc32(png[(payload.lowerBound - 4)..<payload.upperBound])
        png.replaceSubrange(payload.upperBound..<(payload.upperBound + 4), with: bigEndian(crc))
    }

    /// The chunk types of a PNG, in order (stops at the first malformed length).
    public static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var i = 8
        while i + 8 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            types.append(String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self))
            i += 12 + length
        }
        return types
    }
}

/// A deterministic linear congruential generator (Knuth's MMIX constants).
public struct LCG {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
    /// A value in `0...bound`.
    public mutating func next(upTo bound: Int) -> Int { Int(next() % UInt64(bound + 1)) }
}
