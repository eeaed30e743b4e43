import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Damaged AVIF files are typed errors, never crashes; the pixel limit is
/// checked from the container before any pixel memory exists.
@Suite struct AVIFDamageAndLimitTests {
    typealias T = AVIFCodecTests

    /// The offset of the first `ispe` box's width (after its version and flags).
    static func ispeWidthOffset(_ data: Data) -> Int? {
        let bytes = [UInt8](data)
        let tag = Array("ispe".utf8)
        guard let at = (0..<(bytes.count - 16)).first(where: { Array(bytes[$0..<$0 + 4]) == tag }) else { return nil }
        return at + 8
    }

    /// `data` whose `ispe` box claims `width × height`.
    static func claiming(_ data: Data, width: Int, height: Int) throws -> Data {
        let at = try #require(ispeWidthOffset(data))
        var patched = data
        for (i, value) in [width, height].enumerated() {
            for byte in 0..<4 { patched[at + i * 4 + byte] = UInt8(truncatingIfNeeded: value >> (24 - byte * 8)) }
        }
        return patched
    }

    @Test(arguments: ["photo-420.avif", "alpha.avif", "icc.avif", "irot1.avif", "sequence.avif"])
    func everyTruncationIsATypedError(_ file: String) throws {
        let data = try T.avif(file)
        for length in 0..<data.count {
            let error = T.failure(data.prefix(length))
            let expected: AVIFCodec.Error = length < 12 ? .notAVIF(byteCount: length) : .truncated(byteCount: length)
            #expect(error == expected, "\(file) cut to \(length) bytes")
            if error != expected { return }
        }
    }

    /// `data` with `bytes` written at the first occurrence of `tag`, plus `offset`.
    static func patching(_ data: Data, at tag: String, offset: Int = 0, with bytes: [UInt8]) throws -> Data {
        let needle = Array(tag.utf8)
        let haystack = [UInt8](data)
        let at = try #require((0..<(haystack.count - needle.count)).first { Array(haystack[$0..<$0 + needle.count]) == needle })
        var patched = data
        patched.replaceSubrange((at + offset)..<(at + offset + bytes.count), with: bytes)
        return patched
    }

    @Test func corruptFilesAreTypedErrors() throws {
        let lossless = try T.avif("lossless.avif")
        // The AV1 OBUs at the start of the mdat payload overwritten (dav1d rejects them).
        let garbage = try Self.patching(lossless, at: "mdat", offset: 4, with: [UInt8](repeating: 0xFF, count: 16))
        #expect(T.failure(garbage) == .corrupt)
        // The primary item is one that does not exist; the handler is not 'pict'.
        #expect(T.failure(try Self.patching(lossless, at: "pitm", offset: 8, with: [0, 99])) == .corrupt)
        #expect(T.failure(try Self.patching(lossless, at: "pict", with: Array("vide".utf8))) == .corrupt)
        let error = #expect(throws: ImageDecoders.Error.self) { try AVIFCodec().decode(garbage, options: DecodingOptions()) }
        #expect(error?.format == .avif && error?.isDamagedData == true)
        #expect(T.failure(Fixtures.iconPNG) == .notAVIF(byteCount: Fixtures.iconPNG.count))
        #expect(T.failure(Data()) == .notAVIF(byteCount: 0))
    }

    /// libavif 0.11 scales an AV1 frame whose size differs from the
    /// container's `ispe` to the `ispe` size (within the limit).
    @Test func containerSizeWinsOverTheAV1FrameSize() throws {
        let smaller = try T.decode("lossless.avif")
        let claimed = try AVIFCodec().decode(Self.claiming(T.avif("lossless.avif"), width: 32, height: 24), options: DecodingOptions())
        #expect((claimed.width, claimed.height) == (32, 24))
        #expect(smaller.width == 64)
    }

    @Test func flippedBytesGiveAnImageOrATypedErrorNeverACrash() throws {
        let data = try T.avif("alpha-420.avif")
        for index in 12..<data.count {
            var damaged = data
            damaged[index] ^= 0x55
            if let bitmap = try? AVIFCodec().decode(damaged, options: DecodingOptions()) {
                #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
            }
        }
    }

    /// 16384 x 16384 is libavif's own ceiling; 60000 x 60000 is beyond it.
    @Test(arguments: [16384, 60000])
    func hugeContainerFailsFastUnderTheLimit(_ side: Int) throws {
        let original = try T.avif("lossless.avif")
        let data = try Self.claiming(original, width: side, height: side)
        #expect(T.failure(data, DecodingOptions(maxPixelCount: 1_000_000)) == .tooLarge(width: side, height: side, limit: 1_000_000))
        // A container check, not a decode (work, not time): cut before the
        // coded image (the mdat payload) it is refused the same way, while
        // the unpatched file cut there is truncated before its image.
        let container = try #require(data.range(of: Data("mdat".utf8))).upperBound - data.startIndex
        #expect(T.failure(data.prefix(container), DecodingOptions(maxPixelCount: 1_000_000)) == .tooLarge(width: side, height: side, limit: 1_000_000))
        #expect(T.failure(original.prefix(container)) == .truncated(byteCount: container))
        let typed = #expect(throws: ImageDecoders.Error.self) {
            try AVIFCodec().decode(data, options: DecodingOptions(maxPixelCount: 1_000_000))
        }
        #expect(typed?.reason == .tooLarge(width: side, height: side, limit: 1_000_000))
        #expect(typed?.isDamagedData == false)
    }

    @Test func theDefaultLimitAppliesToo() throws {
        let data = try Self.claiming(T.avif("lossless.avif"), width: 12000, height: 12000)
        #expect(T.failure(data) == .tooLarge(width: 12000, height: 12000, limit: DecodingOptions.defaultMaxPixelCount))
    }

    @Test func limitIsInclusive() throws {
        let data = try T.avif("photo-420.avif")
        #expect(T.failure(data, DecodingOptions(maxPixelCount: 127 * 95 - 1)) == .tooLarge(width: 127, height: 95, limit: 127 * 95 - 1))
        #expect(T.failure(data, DecodingOptions(maxPixelCount: 127 * 95)) == nil)
        #expect(T.failure(data, DecodingOptions(maxPixelCount: 0)) == .tooLarge(width: 127, height: 95, limit: 0))
    }

    @Test func invalidScaleIsRejected() throws {
        #expect(T.failure(try T.avif("lossless.avif"), DecodingOptions(scale: 0)) == .invalidScale(0))
        #expect(T.failure(try T.avif("lossless.avif"), DecodingOptions(scale: .nan))?.description.contains("nan") == true)
    }

    @Test func decodingIsDeterministic() throws {
        let first = try T.decode("photo-420.avif")
        let second = try T.decode("photo-420.avif")
        #expect(first == second)
    }
}
