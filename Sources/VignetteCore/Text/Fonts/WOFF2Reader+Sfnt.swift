extension WOFF2Reader {
    /// WOFF2's known table tags (§5.1), by the index a directory entry's flags hold; 63 means a tag follows.
    static let knownTags = [
        "cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca", "prep", "CFF ", "VORG", "EBDT",
        "EBLC", "gasp", "hdmx", "kern", "LTSH", "PCLT", "VDMX", "vhea", "vmtx", "BASE", "GDEF", "GPOS", "GSUB", "EBSC", "JSTF", "MATH",
        "CBDT", "CBLC", "COLR", "CPAL", "SVG ", "sbix", "acnt", "avar", "bdat", "bloc", "bsln", "cvar", "fdsc", "feat", "fmtx", "fvar",
        "gvar", "hsty", "just", "lcar", "mort", "morx", "opbd", "prop", "trak", "Zapf", "Silf", "Glat", "Gloc", "Feat", "Sill"
    ]

    /// The sfnt of `tables`: the offset table and a directory sorted by tag,
    /// each table 4-byte aligned with its checksum, and `head`'s
    /// checkSumAdjustment made for the whole file (the glyphs rebuilt are not
    /// the original's bytes).
    static func assemble(flavor: Int, _ tables: [(UInt32, [UInt8])], limit: Int, name: String) throws(Font.Error) -> [UInt8] {
        let sorted = tables.sorted { $0.0 < $1.0 }
        var out = WOFFReader.sfntHeader(flavor: flavor, tables: sorted.count)
        var offset = out.count + 16 * sorted.count
        for (tag, data) in sorted {
            out.appendBigEndian(Int(tag), bytes: 4)
            out.appendBigEndian(Int(checksum(data)), bytes: 4)
            out.appendBigEndian(offset, bytes: 4)
            out.appendBigEndian(data.count, bytes: 4)
            offset += (data.count + 3) & ~3
        }
        guard offset <= limit else { throw .malformedWOFF(name: name, reason: "WOFF2 font rebuilt exceeds the limit of \(limit) bytes") }
        out.reserveCapacity(offset)
        var headAt: Int?
        for (tag, data) in sorted {
            if tag == head, data.count >= 12 { headAt = out.count }
            out += data
            while out.count % 4 != 0 { out.append(0) }
        }
        if let headAt {
            out.replaceSubrange(headAt + 8..<headAt + 12, with: [0, 0, 0, 0])
            let adjustment = 0xB1B0_AFBA &- checksum(out)
            out.replaceSubrange(headAt + 8..<headAt + 12, with: withUnsafeBytes(of: adjustment.bigEndian, Array.init))
        }
        return out
    }

    /// The sfnt checksum: the sum of big-endian 32-bit words, the last padded with zeros.
    static func checksum(_ data: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < data.count {
            var word: UInt32 = 0
            for k in 0..<4 { word = word << 8 | UInt32(index + k < data.count ? data[index + k] : 0) }
            sum = sum &+ word
            index += 4
        }
        return sum
    }
}

extension Font {
    /// A tag's four characters (`glyf`), for messages.
    static func tagName(_ tag: UInt32) -> String {
        String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: tag >> (24 - 8 * $0)) }.map { $0 >= 32 && $0 < 127 ? $0 : 63 }, as: UTF8.self)
    }
}
