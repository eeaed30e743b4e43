import Testing

@testable import Vignette

/// The shared FNV-1a 64 against the published test vectors.
@Suite struct FNV1aTests {
    @Test func matchesThePublishedVectors() {
        #expect(FNV1a.hash([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hash("foobar".utf8) == 0x8594_4171_f739_67e8)
    }

    @Test func incrementalEqualsOneShot() {
        var hasher = FNV1a()
        hasher.combine("foo".utf8)
        hasher.combine(UInt8(ascii: "b"))
        hasher.combine("ar".utf8)
        #expect(hasher.value == FNV1a.hash("foobar".utf8))
        #expect(FNV1a.hash("a".utf8, basis: 1) != FNV1a.hash("a".utf8))
    }
}
