import VignetteCore

/// Small, dependency-free checksums for building and fingerprinting test data.
public enum Checksums {
    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// CRC-32 (ISO 3309 / PNG / zlib), e.g. `crc32("IEND")` = 0xAE426082.
    public static func crc32<S: Sequence>(_ bytes: S) -> UInt32 where S.Element == UInt8 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    /// Adler-32, the zlib stream trailer.
    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for x in bytes {
            a = (a + UInt32(x)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    /// FNV-1a, 64-bit: the pixel fingerprint in `pngsuite-reference.tsv`.
    public static func fnv1a64(_ bytes: [UInt8]) -> UInt64 { FNV1a.hash(bytes) }
}
