/// Damage made to a JPEG's entropy-coded data, byte by byte, so tests can
/// make exactly the files libjpeg warns about (and browsers still show).
public enum DamagedJPEG {
    /// The offset just after the header of the first SOS segment (where the
    /// entropy-coded data of the first scan begins), or nil.
    public static func firstScanData(in jpeg: [UInt8]) -> Int? {
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            if jpeg[i + 1] == 0xDA { return i + 2 + length }
            i += 2 + length
        }
        return nil
    }

    /// `jpeg` with 16 bytes of its entropy data, `fraction` of the way from
    /// the first scan's data to the end of the file, replaced by stuffed
    /// 0xFF bytes (`FF 00`): 64 one-bits in a row, which no Huffman table
    /// holds as a code (JPEG reserves the all-ones code), so libjpeg warns
    /// "bad Huffman code" and conceals the rest of the segment. The file
    /// keeps its length and every marker.
    public static func badHuffmanCode(_ jpeg: [UInt8], at fraction: Double) -> [UInt8] {
        guard let start = firstScanData(in: jpeg) else { return jpeg }
        var offset = max(start + 1, start + Int(Double(jpeg.count - 2 - start) * fraction))
        // A window holding no 0xFF and not just after one: no marker (nor a
        // stuffed byte's pair) is touched.
        while offset + 16 < jpeg.count - 2, jpeg[offset - 1] == 0xFF || jpeg[offset..<offset + 16].contains(0xFF) { offset += 1 }
        guard offset + 16 < jpeg.count - 2 else { return jpeg }
        var damaged = jpeg
        for i in 0..<16 { damaged[offset + i] = i % 2 == 0 ? 0xFF : 0x00 }
        return damaged
    }
}
