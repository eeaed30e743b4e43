import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// EXIF orientation (APP1) and ICC profiles (APP2) as JPEG carries them.
@Suite struct JPEGMetadataTests {
    /// quadrants.jpg is 24×16: red | green over blue | yellow. For each
    /// orientation, the colours at the displayed top-left, top-right,
    /// bottom-left and bottom-right corners, worked out by hand from the
    /// EXIF definitions (e.g. 6: turn the stored image 90° clockwise).
    static let corners: [(EXIFOrientation, [Character])] = [
        (.up, ["R", "G", "B", "Y"]),
        (.upMirrored, ["G", "R", "Y", "B"]),
        (.down, ["Y", "B", "G", "R"]),
        (.downMirrored, ["B", "Y", "R", "G"]),
        (.leftMirrored, ["R", "B", "G", "Y"]),
        (.right, ["B", "R", "Y", "G"]),
        (.rightMirrored, ["Y", "G", "B", "R"]),
        (.left, ["G", "Y", "R", "B"])
    ]

    static func name(of color: Color) -> Character {
        let named: [(Character, (Int, Int, Int))] = [("R", (255, 0, 0)), ("G", (0, 255, 0)), ("B", (0, 0, 255)), ("Y", (255, 255, 0))]
        return named.min { a, b in
            func distance(_ c: (Int, Int, Int)) -> Int {
                abs(c.0 - Int(color.red)) + abs(c.1 - Int(color.green)) + abs(c.2 - Int(color.blue))
            }
            return distance(a.1) < distance(b.1)
        }!.0
    }

    @Test(arguments: 0..<8)
    func everyOrientationIsApplied(_ index: Int) throws {
        let (orientation, expected) = Self.corners[index]
        let data = JPEGFixtures.inserting(
            0xE1, JPEGFixtures.exifPayload(orientation: orientation.rawValue),
            into: try JPEGFixtures.data("quadrants.jpg"))
        #expect(try JPEGCodec.header(of: data).orientation == orientation)
        let bitmap = try JPEGCodec.decode(data)
        #expect((bitmap.width, bitmap.height) == (orientation.swapsDimensions ? (16, 24) : (24, 16)))
        let (w, h) = (bitmap.width - 1, bitmap.height - 1)
        let seen = [(0, 0), (w, 0), (0, h), (w, h)].map { Self.name(of: bitmap.color(x: $0.0, y: $0.1)) }
        #expect(seen == expected, "orientation \(orientation.rawValue)")

        let stored = try JPEGCodec.decode(data, options: DecodingOptions(appliesOrientation: false))
        #expect((stored.width, stored.height) == (24, 16))
    }

    @Test func unreadableOrForeignAPP1MeansUpright() throws {
        let base = try JPEGFixtures.data("quadrants.jpg")
        let xmp = JPEGFixtures.inserting(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x/>".utf8), into: base)
        let garbage = JPEGFixtures.inserting(0xE1, Array("Exif".utf8) + [0, 0, 1, 2, 3], into: base)
        #expect(try JPEGCodec.header(of: xmp).orientation == .up)
        #expect(try JPEGCodec.header(of: garbage).orientation == .up)
        #expect(try JPEGCodec.header(of: base).orientation == .up)
    }

    @Test func iccChunksAreJoinedInSequenceOrder() throws {
        let first = [UInt8](repeating: 0xA1, count: 300)
        let second = [UInt8](repeating: 0xB2, count: 200)
        var data = try JPEGFixtures.data("s420.jpg")
        // Inserted in reverse, so chunk 2 precedes chunk 1 in the file.
        data = JPEGFixtures.inserting(0xE2, JPEGFixtures.iccChunk(1, of: 2, first), into: data)
        data = JPEGFixtures.inserting(0xE2, JPEGFixtures.iccChunk(2, of: 2, second), into: data)
        #expect(try JPEGCodec.header(of: data).iccProfile == first + second)
        let decoded = try JPEGCodec.decodeImage(data, options: DecodingOptions())
        #expect(decoded.iccProfile == first + second)
    }

    @Test func incompleteOrInconsistentICCChunksGiveNoProfile() throws {
        let base = try JPEGFixtures.data("s420.jpg")
        let part = [UInt8](repeating: 7, count: 16)
        let missing = JPEGFixtures.inserting(0xE2, JPEGFixtures.iccChunk(1, of: 2, part), into: base)
        let duplicated = JPEGFixtures.inserting(
            0xE2, JPEGFixtures.iccChunk(1, of: 1, part),
            into: JPEGFixtures.inserting(0xE2, JPEGFixtures.iccChunk(1, of: 1, part), into: base))
        let miscounted = JPEGFixtures.inserting(
            0xE2, JPEGFixtures.iccChunk(2, of: 3, part),
            into: JPEGFixtures.inserting(0xE2, JPEGFixtures.iccChunk(1, of: 2, part), into: base))
        let zeroIndex = JPEGFixtures.inserting(0xE2, JPEGFixtures.iccChunk(0, of: 1, part), into: base)
        for data in [missing, duplicated, miscounted, zeroIndex] {
            #expect(try JPEGCodec.header(of: data).iccProfile == nil)
            #expect(try JPEGCodec.decode(data).width == 101)
        }
        #expect(try JPEGCodec.header(of: base).iccProfile == nil)
    }
}
