import CDeflate
import Foundation

/// WOFF 1.0 to the sfnt (TrueType/OpenType) it wraps: each table inflated
/// with zlib where it is compressed, within the sizes the header states,
/// every offset and length checked before it is used.
enum WOFFReader {
    static func sfnt(from data: Data, name: String, limit: Int) throws(Font.Error) -> [UInt8] {
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int {
            at + 4 <= bytes.count ? Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) : -1
        }
        func u16(_ at: Int) -> Int { at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : -1 }
        func fail(_ reason: String) -> Font.Error { .malformedWOFF(name: name, reason: reason) }
        guard bytes.count >= 44, u32(8) == bytes.count else { throw fail("the header's length is not the file's") }
        let tables = u16(12)
        let total = u32(16)
        guard tables > 0, tables <= 4096, 44 + tables * 20 <= bytes.count else { throw fail("\(tables) tables do not fit") }
        guard total >= 12 + 16 * tables, total <= limit else { throw fail("totalSfntSize \(total) is out of range (limit \(limit))") }
        var out = [UInt8](repeating: 0, count: total)
        func put32(_ v: Int, _ at: Int) { for k in 0..<4 { out[at + k] = UInt8(truncatingIfNeeded: v >> (24 - 8 * k)) } }
        out.replaceSubrange(0..<12, with: sfntHeader(flavor: u32(4), tables: tables))
        var offset = 12 + 16 * tables
        for t in 0..<tables {
            let entry = 44 + t * 20
            let (tag, source, compressed, original, checksum) = (u32(entry), u32(entry + 4), u32(entry + 8), u32(entry + 12), u32(entry + 16))
            guard source >= 0, compressed >= 0, source + compressed <= bytes.count, compressed <= original else {
                throw fail("table \(t) lies outside the file")
            }
            guard offset + original <= total else { throw fail("the tables exceed totalSfntSize") }
            let record = 12 + 16 * t
            put32(tag, record)
            put32(checksum, record + 4)
            put32(offset, record + 8)
            put32(original, record + 12)
            if compressed == original {
                out.replaceSubrange(offset..<offset + original, with: bytes[source..<source + compressed])
            } else if !inflate(bytes, source, compressed, into: &out, at: offset, count: original) {
                throw fail("table \(t) does not inflate to \(original) bytes")
            }
            offset = (offset + original + 3) & ~3
        }
        return out
    }

    /// The 12-byte offset table of an sfnt of `tables` tables (searchRange and the rest from the count).
    static func sfntHeader(flavor: Int, tables: Int) -> [UInt8] {
        var power = 1
        var log = 0
        while power * 2 <= tables {
            power *= 2
            log += 1
        }
        var out: [UInt8] = []
        for (value, bytes) in [(flavor, 4), (tables, 2), (power * 16, 2), (log, 2), (tables * 16 - power * 16, 2)] {
            out.appendBigEndian(value, bytes: bytes)
        }
        return out
    }

    private static func inflate(_ bytes: [UInt8], _ source: Int, _ count: Int, into out: inout [UInt8], at offset: Int, count expected: Int) -> Bool {
        guard let decompressor = libdeflate_alloc_decompressor() else { return false }
        defer { libdeflate_free_decompressor(decompressor) }
        var written = 0
        let result = bytes.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { d in
                libdeflate_zlib_decompress(decompressor, s.baseAddress! + source, count, d.baseAddress! + offset, expected, &written)
            }
        }
        return result == LIBDEFLATE_SUCCESS && written == expected
    }
}
