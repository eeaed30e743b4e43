import CBrotli
import Foundation

/// WOFF 2.0 to the sfnt it wraps: the table directory read, the one Brotli
/// stream decompressed (libbrotlidec, opened on first use) into a buffer of
/// the size the directory states — checked against the limit first — and
/// the transformed `glyf`/`loca` and `hmtx` tables rebuilt
/// (`WOFF2Reader+Glyphs`). Every read is bounds-checked (`WOFF2Stream`).
/// Collections (a WOFF2 of a TTC) are not read: `unsupportedFormat`.
enum WOFF2Reader {
    /// One table of the directory: where its bytes lie in the decompressed stream.
    struct Table {
        let tag: UInt32
        let originalLength: Int
        let transformed: Bool
        let offset: Int
        let length: Int
    }

    static let glyf = Font.tag("glyf")
    static let loca = Font.tag("loca")
    static let hmtx = Font.tag("hmtx")
    static let hhea = Font.tag("hhea")
    static let head = Font.tag("head")

    /// The sfnt of a WOFF2 file's bytes, at most `limit` bytes.
    static func sfnt(from data: Data, name: String, limit: Int) throws(Font.Error) -> [UInt8] {
        let bytes = [UInt8](data)
        var header = try WOFF2Stream(bytes, from: 0, count: bytes.count, name: name, part: "header")
        guard bytes.count >= 48, try header.u32() == 0x774F_4632 else { throw header.failure("not a WOFF2 header") }
        let flavor = try header.u32()
        guard try header.u32() == bytes.count else { throw header.failure("the header's length is not the file's") }
        let count = try header.u16()
        _ = try header.u16()
        let sfntSize = try header.u32()
        let compressedLength = try header.u32()
        _ = try header.take(24)  // versions, metadata and private block: not part of the font
        guard flavor != 0x7474_6366 else { throw .unsupportedFormat(name: name, format: "WOFF2 collection") }
        guard count > 0, count <= 4096 else { throw header.failure("\(count) tables") }
        guard sfntSize <= limit else { throw header.failure("totalSfntSize \(sfntSize) is over the limit of \(limit) bytes") }
        let tables = try directory(&header, count: count, limit: limit)
        let streamLength = tables.last.map { $0.offset + $0.length } ?? 0
        let compressed = try header.take(compressedLength)
        let stream = try decompress(Array(compressed), to: streamLength, name: name)
        return try assemble(flavor: flavor, try rebuild(tables, stream: stream, name: name, limit: limit), limit: limit, name: name)
    }

    /// The table directory: each table's tag, transform, and place in the stream (summed within `limit`).
    private static func directory(_ s: inout WOFF2Stream, count: Int, limit: Int) throws(Font.Error) -> [Table] {
        var tables: [Table] = []
        var offset = 0
        for _ in 0..<count {
            let flags = try s.u8()
            let tag = flags & 0x3F == 63 ? UInt32(try s.u32()) : Font.tag(knownTags[flags & 0x3F])
            let version = flags >> 6
            let original = try s.base128()
            let glyphTable = tag == glyf || tag == loca
            let transformed = glyphTable ? version == 0 : version != 0
            guard !transformed || glyphTable || (tag == hmtx && version == 1) else {
                throw s.failure("table \(Font.tagName(tag)) has transform \(version), which WOFF2 does not define")
            }
            let length = transformed ? try s.base128() : original
            guard !(tag == loca && transformed && length != 0) else { throw s.failure("a transformed loca is not empty") }
            guard !tables.contains(where: { $0.tag == tag }) else { throw s.failure("table \(Font.tagName(tag)) appears twice") }
            guard offset + length <= limit else { throw s.failure("the tables exceed the limit of \(limit) bytes") }
            tables.append(Table(tag: tag, originalLength: original, transformed: transformed, offset: offset, length: length))
            offset += length
        }
        let glyfTransformed = tables.first { $0.tag == glyf }?.transformed
        guard glyfTransformed == tables.first(where: { $0.tag == loca })?.transformed else {
            throw s.failure("glyf and loca are not both transformed or both not")
        }
        return tables
    }

    private static func decompress(_ compressed: [UInt8], to length: Int, name: String) throws(Font.Error) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: length)
        var written = length
        let result = compressed.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                vg_brotli_decompress(input.baseAddress, input.count, output.baseAddress, &written)
            }
        }
        if result < 0 { throw .libraryUnavailable(library: "libbrotlidec", reason: TextLibraries.brotliFailure ?? "") }
        guard result == 1, written == length else {
            throw .malformedWOFF(name: name, reason: "WOFF2 data does not decompress to the \(length) bytes its tables state")
        }
        return out
    }

    /// Each table's sfnt bytes: stored ones as they are, transformed ones rebuilt.
    private static func rebuild(_ tables: [Table], stream: [UInt8], name: String, limit: Int) throws(Font.Error) -> [(UInt32, [UInt8])] {
        var result: [(UInt32, [UInt8])] = []
        var glyphs: Glyphs?
        if let table = tables.first(where: { $0.tag == glyf && $0.transformed }) {
            let rebuilt = try Glyphs(stream, table, name: name, limit: limit)
            guard let loca = tables.first(where: { $0.tag == loca }), loca.originalLength == rebuilt.loca.count else {
                throw .malformedWOFF(name: name, reason: "WOFF2 loca's stated length is not that of the glyphs rebuilt")
            }
            glyphs = rebuilt
        }
        for table in tables {
            if table.tag == glyf, let glyphs {
                result.append((glyf, glyphs.glyf))
            } else if table.tag == loca, let glyphs {
                result.append((loca, glyphs.loca))
            } else if table.transformed {
                guard let glyphs, let hhea = tables.first(where: { $0.tag == hhea && !$0.transformed }) else {
                    throw .malformedWOFF(name: name, reason: "WOFF2 hmtx is transformed without a transformed glyf and an hhea")
                }
                let header = try WOFF2Stream(stream, from: hhea.offset + 34, count: 2, name: name, part: "hhea")
                result.append((hmtx, try glyphs.metrics(stream, table, hhea: header, name: name)))
            } else {
                var s = try WOFF2Stream(stream, from: table.offset, count: table.length, name: name, part: Font.tagName(table.tag))
                result.append((table.tag, Array(try s.take(table.length))))
            }
        }
        return result
    }
}
