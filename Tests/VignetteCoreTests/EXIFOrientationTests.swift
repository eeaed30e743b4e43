import Testing
import VignetteTestSupport

@testable import VignetteCore

/// EXIF orientation: parsing the tag from a TIFF block, and turning pixels upright.
@Suite struct EXIFOrientationTests {
    /// A TIFF block holding one IFD entry: orientation `value`.
    static func exif(_ value: UInt16, littleEndian: Bool, header: Bool = true) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: UInt32) -> [UInt8] { littleEndian ? u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16)) : u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF)) }
        let order: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        let tiff =
            order + u16(42) + u32(8) + u16(2)
            + u16(0x010F) + u16(2) + u32(4) + u32(0)  // Make, ignored
            + u16(0x0112) + u16(3) + u32(1) + u16(value) + u16(0)
            + u32(0)
        return (header ? Array("Exif".utf8) + [0, 0] : []) + tiff
    }

    @Test(arguments: EXIFOrientation.allCases)
    func parsesEveryOrientationInBothByteOrders(_ orientation: EXIFOrientation) {
        let value = UInt16(orientation.rawValue)
        #expect(EXIFOrientation.parse(exif: Self.exif(value, littleEndian: true)) == orientation)
        #expect(EXIFOrientation.parse(exif: Self.exif(value, littleEndian: false, header: false)) == orientation)
    }

    @Test func malformedBlocksGiveNil() {
        #expect(EXIFOrientation.parse(exif: []) == nil)
        #expect(EXIFOrientation.parse(exif: Array("Exif".utf8) + [0, 0, 0x49, 0x49]) == nil)
        #expect(EXIFOrientation.parse(exif: Self.exif(9, littleEndian: true)) == nil)  // no such orientation
        var truncated = Self.exif(6, littleEndian: true)
        truncated.removeLast(8)
        #expect(EXIFOrientation.parse(exif: truncated) == nil)
        var hugeOffset = Self.exif(6, littleEndian: true)
        hugeOffset[10] = 0xFF
        hugeOffset[11] = 0xFF
        hugeOffset[12] = 0xFF
        hugeOffset[13] = 0x7F
        #expect(EXIFOrientation.parse(exif: hugeOffset) == nil)
    }

    // Independent primitives: every orientation is a composition of these.
    static func transpose(_ b: Bitmap) -> Bitmap { remap(b, b.height, b.width) { x, y in (y, x) } }
    static func flipH(_ b: Bitmap) -> Bitmap { remap(b, b.width, b.height) { x, y in (b.width - 1 - x, y) } }
    static func flipV(_ b: Bitmap) -> Bitmap { remap(b, b.width, b.height) { x, y in (x, b.height - 1 - y) } }
    static func remap(_ b: Bitmap, _ w: Int, _ h: Int, _ from: (Int, Int) -> (Int, Int)) -> Bitmap {
        var out = Bitmap(width: w, height: h, scale: b.scale)
        for y in 0..<h {
            for x in 0..<w {
                let (sx, sy) = from(x, y)
                out[x, y] = b[sx, sy]
            }
        }
        return out
    }

    @Test func turnsPixelsUprightForEveryOrientation() {
        let stored = TestImages.gradient(5, 3, scale: 2)
        let expected: [EXIFOrientation: Bitmap] = [
            .up: stored, .upMirrored: Self.flipH(stored), .down: Self.flipV(Self.flipH(stored)),
            .downMirrored: Self.flipV(stored), .leftMirrored: Self.transpose(stored),
            .right: Self.flipH(Self.transpose(stored)), .rightMirrored: Self.flipV(Self.flipH(Self.transpose(stored))),
            .left: Self.flipV(Self.transpose(stored))
        ]
        for orientation in EXIFOrientation.allCases {
            let upright = stored.oriented(orientation)
            #expect(upright == expected[orientation], "\(orientation)")
            #expect(upright.scale == 2)
            #expect((upright.width, upright.height) == (orientation.swapsDimensions ? (3, 5) : (5, 3)))
        }
    }
}
