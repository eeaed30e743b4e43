import Foundation

/// The Huffman tables a JPEG file defines, read from its DHT segments, so a
/// test can tell the standard's example tables from fitted ones.
public enum JPEGHuffmanTables {
    /// The code-length counts (16 numbers) of the standard's luminance DC
    /// table (ITU T.81, Annex K, Table K.3).
    public static let standardLuminanceDC: [UInt8] = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]

    /// The counts of the luminance DC table (class 0, id 0), or nil when the
    /// file defines none before its first scan.
    public static func luminanceDCCounts(in data: Data) -> [UInt8]? {
        let bytes = [UInt8](data)
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF, bytes[i + 1] != 0xDA {
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if bytes[i + 1] == 0xC4 {
                var table = i + 4
                while table + 17 <= min(i + 2 + length, bytes.count) {
                    let counts = Array(bytes[table + 1..<table + 17])
                    if bytes[table] == 0x00 { return counts }
                    table += 17 + counts.reduce(0) { $0 + Int($1) }
                }
            }
            i += 2 + length
        }
        return nil
    }

    /// Whether the file codes its luminance DC with the standard's table.
    public static func usesStandardTables(_ data: Data) -> Bool {
        luminanceDCCounts(in: data) == standardLuminanceDC
    }
}
