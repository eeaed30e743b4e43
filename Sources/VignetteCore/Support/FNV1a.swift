/// FNV-1a, 64-bit: a fast, stable (unseeded) hash of bytes, for names that
/// must come out the same in every process and on every machine, such as
/// cache file names. `Hasher` is seeded per process, so it cannot serve here.
/// Not a cryptographic hash: a caller that must not mix up two inputs keeps
/// the input beside the hash and compares it.
///
/// ```swift
/// FNV1a.hash("a".utf8)                                   // 0xaf63dc4c8601ec8c
/// var h = FNV1a(); h.combine(header); h.combine(body)    // incremental
/// ```
package struct FNV1a: Sendable {
    /// The standard 64-bit offset basis.
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The 64-bit FNV prime.
    package static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of the bytes combined so far.
    package private(set) var value: UInt64

    /// A hash of no bytes yet, from `basis` (another basis gives an
    /// independent-looking second hash of the same bytes).
    package init(basis: UInt64 = FNV1a.offsetBasis) {
        value = basis
    }

    /// Mixes in one byte.
    @inline(__always)
    package mutating func combine(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }

    /// Mixes in `bytes`, in order.
    package mutating func combine<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes { combine(byte) }
    }

    /// The hash of `bytes` from `basis`.
    package static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes, basis: UInt64 = FNV1a.offsetBasis) -> UInt64 {
        var hasher = FNV1a(basis: basis)
        hasher.combine(bytes)
        return hasher.value
    }
}
