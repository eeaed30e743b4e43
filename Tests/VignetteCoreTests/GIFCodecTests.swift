import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// GIF decoding (see Fixtures/gif/README.md): pixel-exact against Pillow's
/// decodes and references built from the palette indices; palette and
/// transparency, interlacing, a first frame at an offset with a local
/// colour map, animations (first frame only), damaged files and the limit.
@Suite struct GIFCodecTests {
    static func gif(_ name: String) throws -> Data { try Fixtures.data("gif/\(name)") }

    /// A PNG reference, premultiplied as a decode is.
    static func reference(_ name: String, scale: Double = 1) throws -> Bitmap {
        try PNGCodec.decode(contentsOf: Fixtures.url("gif/\(name)").path, scale: scale)
    }

    static func decode(_ name: String, _ options: DecodingOptions = DecodingOptions()) throws -> Bitmap {
        try GIFCodec().decode(gif(name), options: options)
    }

    /// The `GIFCodec.Error` under a decoding failure.
    static func failure(_ data: Data, _ options: DecodingOptions = DecodingOptions()) -> GIFCodec.Error? {
        do {
            _ = try GIFCodec().decode(data, options: options)
            return nil
        } catch {
            return error.underlying as? GIFCodec.Error
        }
    }

    @Test func sniffsBothSignatures() throws {
        let codec = GIFCodec()
        #expect(codec.recognizes(try Self.gif("photo.gif")))  // GIF87a
        #expect(codec.recognizes(try Self.gif("offset.gif")))  // GIF89a
        #expect(!codec.recognizes(Data("GIF90a".utf8)))
        #expect(!codec.recognizes(Data("GIF8".utf8)))
        #expect(!codec.recognizes(Fixtures.iconPNG))
        #expect(ImageDecoders.standard.decoder(for: try Self.gif("transparent.gif"))?.format == .gif)
        #expect(ImageDecoders.standard.acceptHeader.contains("image/gif"))
    }

    @Test(arguments: [
        ("photo.gif", "photo.png"), ("photo-interlaced.gif", "photo.png"),
        ("transparent.gif", "transparent.png"), ("animated.gif", "animated-frame1.png"),
        ("offset.gif", "offset.png")
    ])
    func decodesPixelExactly(_ file: String, _ reference: String) throws {
        let expected = try Self.reference(reference, scale: 2)
        #expect(try Self.decode(file, DecodingOptions(scale: 2)) == expected)
        #expect(try Bitmap(decoding: Self.gif(file), options: DecodingOptions(scale: 2)) == expected)
    }

    @Test func paletteAndTransparency() throws {
        let header = try GIFCodec.header(of: Self.gif("transparent.gif"))
        #expect((header.width, header.height, header.hasLocalColorMap) == (64, 64, false))
        let transparent = try #require(header.transparentIndex)
        #expect(transparent < header.colorCount)
        let bitmap = try Self.decode("transparent.gif")
        #expect(!bitmap.isOpaque)
        #expect(bitmap[0, 0].alpha == 0)  // the icon's transparent corner
        let photo = try GIFCodec.decodeImage(Self.gif("photo.gif"), options: DecodingOptions())
        #expect(!photo.hasAlpha)
        #expect(try GIFCodec.header(of: Self.gif("photo.gif")).transparentIndex == nil)
    }

    @Test func interlacedRowsArePutInPlace() throws {
        #expect(try GIFCodec.header(of: Self.gif("photo-interlaced.gif")).isInterlaced)
        #expect(try !GIFCodec.header(of: Self.gif("photo.gif")).isInterlaced)
        #expect(try Self.decode("photo-interlaced.gif") == Self.decode("photo.gif"))
    }

    @Test func frameAtAnOffsetSitsOnATransparentCanvas() throws {
        let header = try GIFCodec.header(of: Self.gif("offset.gif"))
        #expect((header.width, header.height, header.screenWidth, header.screenHeight) == (64, 48, 64, 48))
        #expect(header.frame == PixelRect(minX: 16, minY: 12, maxX: 56, maxY: 36))
        #expect(header.hasLocalColorMap && header.colorCount == 256 && header.transparentIndex == 0)
        let bitmap = try Self.decode("offset.gif")
        #expect(bitmap[0, 0].alpha == 0 && bitmap[63, 47].alpha == 0)
        #expect(bitmap[16, 12].alpha == 255 && bitmap[55, 35].alpha == 255)
        #expect(bitmap[16 + 20, 12 + 10].alpha == 0)  // inside the frame's transparent hole
    }

    /// The second frames cover the whole screen; only the first is shown.
    @Test func animationsGiveTheirFirstFrame() throws {
        let header = try GIFCodec.header(of: Self.gif("animated.gif"))
        #expect(header.frame == PixelRect(minX: 0, minY: 0, maxX: 48, maxY: 32))
        let offset = try Self.decode("offset.gif")
        #expect(!offset.isOpaque)
    }

    @Test func shrinkTargetIsIgnored() throws {
        let target = ShrinkTarget(size: PixelSize(width: 12, height: 8), contentMode: .scaleToFill)
        let image = try GIFCodec.decodeImage(Self.gif("photo.gif"), options: DecodingOptions(shrinkTarget: target))
        #expect((image.width, image.height, image.reduction) == (96, 64, 1))
    }

    @Test func versionIsGiflib() {
        #expect(GIFCodec.giflibVersion.split(separator: ".").count == 3)
    }
}
