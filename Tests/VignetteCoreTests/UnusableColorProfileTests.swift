import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// A profile that cannot be used never fails a decode and never touches a pixel.
@Suite struct UnusableColorProfileTests {
    static let pixels: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }  // 4×4 RGBA

    /// The outcome of converting `pixels`, which must be left as they were.
    static func untouched(_ bytes: [UInt8]) -> ColorProfile.Conversion {
        var copy = pixels
        let outcome = ColorProfile(bytes: bytes).convertToSRGB(&copy, width: 4, height: 4)
        #expect(copy == pixels, "\(outcome) changed pixels")
        return outcome
    }

    static func p3() throws -> [UInt8] { Array(try Fixtures.data("icc/display-p3.icc")) }

    @Test func garbageIsMalformed() {
        let noise = (0..<600).map { UInt8(truncatingIfNeeded: $0 * 73 + 41) }
        #expect(Self.untouched(noise) == .malformed)
        #expect(Self.untouched([]) == .malformed)
        #expect(Self.untouched([UInt8](repeating: 0, count: 127)) == .malformed)
    }

    @Test func aTruncatedProfileIsRejected() throws {
        let outcome = Self.untouched(Array(try Self.p3().prefix(300)))
        #expect(outcome == .malformed || outcome == .transformFailed)
    }

    /// A readable header whose colorant tag is corrupt: lcms2 opens the
    /// profile (tags are read lazily) and fails only when building the transform.
    @Test func aCorruptTagFailsTheTransform() throws {
        var bytes = try Self.p3()
        let rXYZ = try #require(Self.tagOffset(bytes, "rXYZ"))
        bytes.replaceSubrange(rXYZ..<rXYZ + 4, with: Array("zzzz".utf8))
        #expect(Self.untouched(bytes) == .transformFailed)
    }

    @Test func cmykAndDeviceLinkProfilesAreUnsupported() throws {
        var cmyk = try Self.p3()
        cmyk.replaceSubrange(16..<20, with: Array("CMYK".utf8))
        #expect(Self.untouched(cmyk) == .unsupported(colorSpace: "CMYK", deviceClass: "mntr"))
        var link = try Self.p3()
        link.replaceSubrange(12..<16, with: Array("link".utf8))
        #expect(Self.untouched(link) == .unsupported(colorSpace: "RGB", deviceClass: "link"))
    }

    @Test func oversizedProfilesAreIgnoredUnread() throws {
        let bytes = try Self.p3() + [UInt8](repeating: 0, count: ColorProfile.maxByteCount)
        #expect(Self.untouched(bytes) == .tooLarge(byteCount: bytes.count))
    }

    @Test func anImageWithoutPixelsStillJudgesTheProfile() throws {
        var empty: [UInt8] = []
        #expect(try ColorProfile(bytes: Self.p3()).convertToSRGB(&empty, width: 0, height: 3) == .converted)
        #expect(ColorProfile(bytes: [1, 2, 3]).convertToSRGB(&empty, width: 0, height: 0) == .malformed)
        #expect(empty.isEmpty)
    }

    /// Through `DecodedImage.bitmap`: a garbage profile gives the bitmap the
    /// pixels would give untagged.
    @Test func decodedImageWithAGarbageProfileKeepsItsPixels() {
        let garbage = DecodedImage(width: 4, height: 4, rgba: Self.pixels, hasAlpha: true, iccProfile: Array("not a profile".utf8))
        let untagged = DecodedImage(width: 4, height: 4, rgba: Self.pixels, hasAlpha: true)
        #expect(garbage.bitmap(options: DecodingOptions()) == untagged.bitmap(options: DecodingOptions()))
    }

    @Test func decodedImageConvertsBeforePremultiplying() throws {
        let tagged = DecodedImage(width: 4, height: 4, rgba: Self.pixels, hasAlpha: true, iccProfile: try Self.p3())
        var straight = Self.pixels
        #expect(ColorProfile(bytes: try Self.p3()).convertToSRGB(&straight, width: 4, height: 4) == .converted)
        let expected = try Bitmap(width: 4, height: 4, scale: 2, straightRGBA: straight)
        #expect(tagged.bitmap(options: DecodingOptions(scale: 2)) == expected)
        let asStored = try Bitmap(width: 4, height: 4, scale: 2, straightRGBA: Self.pixels)
        #expect(tagged.bitmap(options: DecodingOptions(scale: 2, convertsToSRGB: false)) == asStored)
    }

    /// The offset of a tag's data, from the profile's tag table.
    static func tagOffset(_ profile: [UInt8], _ signature: String) -> Int? {
        func u32(_ at: Int) -> Int { profile[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        for i in 0..<u32(128) where Array(profile[132 + 12 * i..<136 + 12 * i]) == Array(signature.utf8) {
            return u32(136 + 12 * i)
        }
        return nil
    }
}
