import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// `ImageInfo` on real files: header facts checked against Pillow's reading
/// of the same fixtures (size, EXIF orientation, frames, ICC description
/// via `ImageCms.getProfileDescription`), the hashes against their own
/// reference-checked encoders, and the dominant colour's definition.
@Suite struct ImageInfoTests {
    static func info(_ fixture: String, options: DecodingOptions = DecodingOptions()) throws -> ImageInfo {
        try ImageInfo.read(Fixtures.data(fixture), options: options)
    }

    @Test func aKodakPNGFromHeadersAndPixels() throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources/product-parrots.png")
        let data = try Data(contentsOf: url)
        let info = try ImageInfo.read(data)
        #expect(info.format == .png && (info.width, info.height) == (768, 512))
        #expect((info.orientedWidth, info.orientedHeight, info.orientation) == (768, 512, 1))
        #expect(!info.hasAlpha && info.bitDepth == 8 && info.iccProfile == nil)
        #expect(info.frameCount == 1 && info.durationMilliseconds == 0 && info.loopCount == nil)
        #expect(info.blurhash == "LFF=X1uJ0L8yxeEMXj-OEMvzx[OY")
        #expect(info.thumbhash == "GRkGFYYKQ5xqmLZ2iWeXd25QBYdX")
        #expect(info.dominantColor == ImageInfo.dominantColor(of: try PNGCodec.decode(data))?.hexRGB)
    }

    @Test func orientationSwapsTheOrientedSizeAndTheHashesSeeItUpright() throws {
        let info = try Self.info("webp/exif-orientation-6.webp")
        #expect(info.format == .webp && (info.width, info.height) == (64, 48))
        #expect((info.orientedWidth, info.orientedHeight, info.orientation) == (48, 64, 6))
        let upright = try ImageDecoders.standard.decode(Fixtures.data("webp/exif-orientation-6.webp"))
        #expect(info.thumbhash == (try ThumbHash.encode(upright).string))
        #expect(try ThumbHash(info.thumbhash).approximateAspectRatio < 1)
    }

    @Test(arguments: [
        ("icc/adobe-rgb-parrots.png", "Adobe RGB (1998)-like (Vignette test fixture)"),
        ("icc/srgb-tagged.png", "sRGB built-in"),
        ("icc/grey-gamma22.png", "Grey gamma 2.2 (Vignette test fixture)"),
        ("webp/iccp.webp", "sRGB2014"),
        ("avif/icc.avif", "sRGB2014")
    ])
    func iccProfileDescriptionsMatchPillow(fixture: String, description: String) throws {
        #expect(try Self.info(fixture).iccProfile == description)
    }

    @Test func noProfileOrAnUnreadableOneIsNil() throws {
        #expect(try Self.info("icc/garbage-iccp.png").iccProfile == nil)
        #expect(try Self.info("avif/cicp-p3.avif").iccProfile == nil)  // CICP only: no embedded profile
        #expect(ColorProfile.description(of: [UInt8](repeating: 7, count: 300)) == nil)
    }

    @Test func alphaBitDepthAndFormatsFromHeaders() throws {
        let gif = try Self.info("gif/transparent.gif")
        #expect(gif.format == .gif && gif.hasAlpha && gif.bitDepth == 8)
        let avif = try Self.info("avif/alpha.avif")
        #expect(avif.format == .avif && avif.hasAlpha && (avif.width, avif.height) == (96, 96))
        #expect(try Self.info("avif/depth10.avif").bitDepth == 10)
        let jpeg = try Self.info("jpeg/grey.jpg")
        #expect(jpeg.format == .jpeg && !jpeg.hasAlpha && jpeg.bitDepth == 8 && (jpeg.width, jpeg.height) == (101, 75))
        #expect(try Self.info("pngsuite/basn0g16.png").bitDepth == 16)
        #expect(try Self.info("pngsuite/basn0g01.png").bitDepth == 1)
    }

    @Test func anAnimatedWebPCountsItsFramesFromTheHeader() throws {
        // Durations and loop count come from `ImageDecoders.animationHeader(for:)`.
        let info = try Self.info("webp/animated.webp")
        #expect(info.frameCount == 2 && (info.width, info.height) == (64, 64))
    }

    @Test func dominantColourIsTheFullestBinsMean() throws {
        var pixels: [UInt8] = []
        for k in 0..<100 {
            // 55 reddish pixels in one bin, 45 pure blue.
            pixels += k < 55 ? [200 + UInt8(k % 3), 16, 32, 255] : [0, 0, 255, 255]
        }
        let bitmap = try Bitmap(width: 10, height: 10, straightRGBA: pixels)
        #expect(ImageInfo.dominantColor(of: bitmap)?.hexRGB == "#C91020")  // mean red 200.98 → 201
        let solid = try Bitmap(width: 3, height: 2, straightRGBA: Array(repeating: [200, 100, 50, 255], count: 6).flatMap { $0 })
        #expect(ImageInfo.dominantColor(of: solid) == Color(red: 200, green: 100, blue: 50))
    }

    @Test func transparentPixelsAreIgnoredAndAllTransparentIsNil() throws {
        var pixels: [UInt8] = []
        for k in 0..<16 { pixels += k < 12 ? [0, 0, 255, 0] : [0, 255, 0, 255] }
        #expect(ImageInfo.dominantColor(of: try Bitmap(width: 4, height: 4, straightRGBA: pixels))?.hexRGB == "#00FF00")
        #expect(ImageInfo.dominantColor(of: Bitmap(width: 4, height: 4)) == nil)
    }

    @Test func jsonKeepsTheKeyOrderAndEscapes() throws {
        var info = try Self.info("icc/srgb-tagged.png")
        info.iccProfile = "a \"b\" \\ \n\u{1}"
        info.loopCount = 0
        let json = info.json()
        #expect(json.hasPrefix("{\"format\":\"png\",\"width\":128,\"height\":96,\"orientedWidth\":128,"))
        #expect(json.contains(#""loopCount":0,"iccProfile":"a \"b\" \\ \n\u0001","bitDepth":8,"#))
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["iccProfile"] as? String == "a \"b\" \\ \n\u{1}")
        let array = ImageInfo.json([info, info], indent: 2)
        #expect((try JSONSerialization.jsonObject(with: Data(array.utf8)) as? [Any])?.count == 2)
    }

    @Test func undecodableBytesAndLimitsThrowTheDecodersErrors() throws {
        #expect(throws: ImageDecoders.Error.self) { try ImageInfo.read(Data("not an image".utf8)) }
        let tooSmall = DecodingOptions(maxPixelCount: 100)
        #expect {
            try Self.info("icc/srgb-tagged.png", options: tooSmall)
        } throws: { error in
            guard let error = error as? ImageDecoders.Error, case .tooLarge = error.reason else { return false }
            return true
        }
    }

    @Test func infoIsTheSameEveryTime() throws {
        let first = try Self.info("webp/exif-orientation-6.webp")
        #expect(try Self.info("webp/exif-orientation-6.webp") == first)
    }
}
