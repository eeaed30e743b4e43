import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// ICC profiles to sRGB with lcms2: against Pillow's ImageCms, against the
/// colour math, and every way a profile can be unusable (pixels untouched).
/// Fixtures: Tests/Fixtures/icc (made by make_icc_fixtures.py, see its header).
@Suite struct ColorProfileTests {
    static func fixture(_ name: String) throws -> Data { try Fixtures.data("icc/" + name) }
    static func profile(_ name: String) throws -> ColorProfile { ColorProfile(bytes: Array(try fixture(name))) }

    /// The largest per-channel difference and how many bytes differ at all.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (max: Int, count: Int) {
        zip(a, b).reduce((0, 0)) { acc, pair in
            let d = abs(Int(pair.0) - Int(pair.1))
            return (max(acc.0, d), acc.1 + (d > 0 ? 1 : 0))
        }
    }

    /// A tagged fixture's straight pixels converted by Vignette, and Pillow's conversion of it.
    static func convertedAndReference(_ name: String) throws -> (converted: [UInt8], reference: [UInt8], outcome: ColorProfile.Conversion) {
        let decoded = try PNGCodec.decodedImage(try fixture(name + ".png"), maxPixelCount: 1 << 20)
        var pixels = decoded.rgba
        let outcome = ColorProfile(bytes: try #require(decoded.iccProfile)).convertToSRGB(&pixels, width: decoded.width, height: decoded.height)
        let reference = try PNGCodec.decodeStraightRGBA(try fixture(name + ".srgb.png")).pixels
        return (pixels, reference, outcome)
    }

    /// Pillow 12+ bundles lcms2 2.19, the system has 2.14: the same
    /// algorithms, so at most one level apart (measured: 0 for every
    /// fixture here; the tolerance covers table rounding across versions).
    @Test(arguments: ["p3-swatches", "adobe-rgb-parrots", "grey-gamma22"])
    func matchesPillowImageCmsWithinOneLevel(_ name: String) throws {
        let (converted, reference, outcome) = try Self.convertedAndReference(name)
        #expect(outcome == .converted)
        #expect(converted.count == reference.count)
        let diff = Self.difference(converted, reference)
        #expect(diff.max <= 1, "\(name): \(diff.count) bytes differ, by up to \(diff.max)")
    }

    @Test func theConversionChangesPixels() throws {
        let (converted, _, _) = try Self.convertedAndReference("adobe-rgb-parrots")
        let stored = try PNGCodec.decodeStraightRGBA(try Self.fixture("adobe-rgb-parrots.png")).pixels
        #expect(Self.difference(converted, stored).max > 20)
    }

    /// Expected values from the colour math alone (P3 decode, P3 → XYZ → sRGB
    /// matrices from the primaries, clip, sRGB encode; make_icc_fixtures.py
    /// agrees with Pillow on every one): no lcms2 involved.
    @Test func displayP3SwatchesMatchTheColourMath() throws {
        let bitmap = try PNGCodec.decode(try Self.fixture("p3-swatches.png"))
        let expected: [(index: Int, rgb: [UInt8])] = [
            (0, [255, 0, 0]), (1, [0, 255, 0]), (2, [0, 0, 255]), (6, [255, 255, 255]), (7, [0, 0, 0]),
            (8, [255, 0, 0]), (9, [218, 24, 40]), (10, [255, 119, 0]), (11, [0, 204, 112]), (12, [128, 128, 128]),
            (13, [7, 20, 250]), (14, [250, 250, 0]), (15, [95, 58, 208])
        ]
        for (index, rgb) in expected {
            let pixel = bitmap[4 * index + 1, 10]
            let got = [pixel.red, pixel.green, pixel.blue]
            let tolerance = rgb.allSatisfy { $0 == 0 || $0 == 255 } ? 0 : 1
            #expect(zip(got, rgb).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }, "swatch \(index): \(got), expected \(rgb)")
            #expect(pixel.alpha == 255)
        }
    }

    /// Saturated P3 red lies outside sRGB: it clips to sRGB's own red, and so
    /// does sRGB red written in P3 (234, 51, 35).
    @Test func saturatedDisplayP3RedClipsToSRGBRed() throws {
        var pixels: [UInt8] = [255, 0, 0, 255, 234, 51, 35, 255]
        #expect(try Self.profile("display-p3.icc").convertToSRGB(&pixels, width: 2, height: 1) == .converted)
        #expect(pixels == [255, 0, 0, 255, 255, 0, 0, 255])
    }

    /// Colour never depends on alpha, and alpha is copied: the alpha ramp
    /// rows hold one straight orange at 64 alpha levels.
    @Test func alphaIsCopiedAndColourIsConvertedStraight() throws {
        let (converted, _, _) = try Self.convertedAndReference("p3-swatches")
        let stored = try PNGCodec.decodeStraightRGBA(try Self.fixture("p3-swatches.png")).pixels
        for y in 32..<40 {
            for x in 0..<64 {
                let i = (y * 64 + x) * 4
                #expect(converted[i + 3] == stored[i + 3])
                #expect(Array(converted[i..<i + 3]) == [255, 119, 0], "(\(x), \(y))")
            }
        }
    }

    @Test func greyProfilesKeepGreyPixelsGrey() throws {
        let (converted, _, outcome) = try Self.convertedAndReference("grey-gamma22")
        #expect(outcome == .converted)
        for i in stride(from: 0, to: converted.count, by: 4) {
            #expect(converted[i] == converted[i + 1] && converted[i + 1] == converted[i + 2])
        }
        // Row 0 holds grey level x at column x. Expected: decode with gamma
        // 2.2, encode with sRGB's curve (its linear toe lifts the shadows).
        for (level, expected) in [(0, 0), (16, 7), (64, 62), (128, 129), (200, 201), (255, 255)] {
            #expect(abs(Int(converted[level * 4]) - expected) <= 1, "grey \(level): \(converted[level * 4])")
        }
    }

    @Test func anSRGBProfileLeavesPixelsUntouched() throws {
        let decoded = try PNGCodec.decodedImage(try Self.fixture("srgb-tagged.png"), maxPixelCount: 1 << 20)
        var pixels = decoded.rgba
        let outcome = ColorProfile(bytes: try #require(decoded.iccProfile)).convertToSRGB(&pixels, width: decoded.width, height: decoded.height)
        #expect(outcome == .alreadySRGB)
        #expect(pixels == decoded.rgba)
    }

    @Test func conversionIsDeterministic() throws {
        let first = try Self.convertedAndReference("adobe-rgb-parrots").converted
        let second = try Self.convertedAndReference("adobe-rgb-parrots").converted
        #expect(first == second)
    }

    /// One cached transform, applied by many threads at once, gives every one the same bytes.
    @Test func threadsShareOneTransform() throws {
        let decoded = try PNGCodec.decodedImage(try Self.fixture("adobe-rgb-parrots.png"), maxPixelCount: 1 << 20)
        let profile = ColorProfile(bytes: try #require(decoded.iccProfile))
        var expected = decoded.rgba
        profile.convertToSRGB(&expected, width: decoded.width, height: decoded.height)
        let results = Locked([[UInt8]]())
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            var pixels = decoded.rgba
            profile.convertToSRGB(&pixels, width: decoded.width, height: decoded.height)
            results.withLock { $0.append(pixels) }
        }
        #expect(results.withLock { $0.count == 16 && $0.allSatisfy { $0 == expected } })
    }

    /// The converted bytes, pinned for the lcms2 this machine links (Debian
    /// bookworm's 2.14): `swift test` and `swift test -c release` both check
    /// this one value, so debug and release are shown to agree, and so is
    /// every machine with that lcms2. Another lcms2 skips the pin (the
    /// Pillow comparison above still holds it to one level).
    @Test func convertedBytesArePinnedForThisLcms2() throws {
        guard ColorProfile.lcms2Version == "2.14" else { return }
        let p3 = try Self.convertedAndReference("p3-swatches").converted
        let adobe = try Self.convertedAndReference("adobe-rgb-parrots").converted
        let grey = try Self.convertedAndReference("grey-gamma22").converted
        #expect(Checksums.fnv1a64(p3 + adobe + grey) == 0x069E_C4E2_D86B_67A8)
    }
}
