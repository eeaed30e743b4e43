import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// GIF encoding, still and animated: every frame composed by an independent
/// reader (`GIFTestReader`) and by giflib (the first frame), transparency,
/// loop count and durations, one stable palette, determinism.
@Suite struct GIFEncodingTests {
    /// What a GIF shows for a frame: alpha below 128 transparent, else the
    /// straight colour, opaque.
    static func expected(_ bitmap: Bitmap) -> [UInt8] {
        var rgba = bitmap.straightRGBA()
        for i in stride(from: 0, to: rgba.count, by: 4) {
            if rgba[i + 3] < 128 { rgba[i..<i + 4] = [0, 0, 0, 0] } else { rgba[i + 3] = 255 }
        }
        return rgba
    }

    static func crop(_ bitmap: Bitmap, x: Int, y: Int, width: Int, height: Int) -> Bitmap {
        var pixels: [UInt8] = []
        for row in y..<y + height {
            pixels += bitmap.pixels[((row * bitmap.width + x) * 4)..<((row * bitmap.width + x + width) * 4)]
        }
        return try! Bitmap(width: width, height: height, premultipliedRGBA: pixels)
    }

    static func encode(_ animation: AnimatedImage) throws -> (Data, GIFTestReader) {
        let data = try animation.encoded(as: .gif)
        return (data, try GIFTestReader(data))
    }

    @Test(arguments: [false, true])
    func fewColoursRoundTripExactlyInEveryFrame(transparentLeft: Bool) throws {
        let animation = TestAnimations.movingSquare(width: 16, height: 12, transparentLeft: transparentLeft)
        let (data, gif) = try Self.encode(animation)
        try AnimationSamples.write(animation, name: "square\(transparentLeft ? "-transparent" : "")", ["gif": data])
        #expect(gif.frames.count == 4)
        #expect(gif.composed() == animation.frames.map { Self.expected($0.bitmap) })
        #expect(gif.frames.allSatisfy { $0.transparentIndex == (transparentLeft ? gif.frames[0].transparentIndex : nil) })
        // giflib (the still decoder) agrees on the first frame.
        #expect(try GIFCodec().decode(data, options: DecodingOptions()).straightRGBA() == Self.expected(animation.firstFrame))
    }

    @Test func pixelsTurningTransparentAreClearedByDisposal() throws {
        let animation = TestAnimations.movingHole(width: 16, height: 12)
        let (data, gif) = try Self.encode(animation)
        try AnimationSamples.write(animation, name: "hole", ["gif": data])
        #expect(gif.composed() == animation.frames.map { Self.expected($0.bitmap) })
        #expect(gif.frames.map(\.disposal) == [2, 2, 2, 2], "each hole moves on, and the first frame's hole follows the last")
    }

    @Test func afterTheFirstFrameOnlyTheChangedRectangleIsStored() throws {
        let animation = TestAnimations.movingSquare(width: 16, height: 12)
        let (_, gif) = try Self.encode(animation)
        #expect(gif.frames[0].rect == PixelRect(minX: 0, minY: 0, maxX: 16, maxY: 12))
        #expect(gif.frames[1].rect == PixelRect(minX: 0, minY: 4, maxX: 9, maxY: 10))
        #expect(gif.frames.map(\.disposal) == [1, 1, 1, 1])
        // An unchanged frame keeps its place and duration as a 1x1 redraw.
        var frames = animation.frames
        frames.insert(frames[1], at: 2)
        let (_, repeated) = try Self.encode(try AnimatedImage(frames: frames))
        #expect(repeated.frames.count == 5)
        #expect(repeated.frames[2].rect == PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1))
        #expect(repeated.composed() == frames.map { Self.expected($0.bitmap) })
    }

    @Test func loopCountIsWrittenAsNetscapeRepeats() throws {
        for (plays, record) in [(0, 0 as Int?), (1, nil), (2, 1), (5, 4), (70000, 65535)] {
            let (_, gif) = try Self.encode(TestAnimations.movingSquare(width: 16, height: 12, loopCount: plays))
            #expect(gif.netscapeLoopCount == record, "\(plays) plays")
        }
        let (_, still) = try Self.encode(AnimatedImage(still: TestImages.solid(4, 4)))
        #expect(still.netscapeLoopCount == nil && still.frames.count == 1)
    }

    @Test func durationsAreRoundedToCentisecondsHalfUp() throws {
        let milliseconds = [0, 4, 5, 44, 45, 100, 1_000_000]
        let frames = milliseconds.enumerated().map { k, ms in
            AnimatedImage.Frame(bitmap: TestImages.solid(4, 4, color: Color(red: UInt8(k * 30), green: 0, blue: 0)), durationMilliseconds: ms)
        }
        let (_, gif) = try Self.encode(try AnimatedImage(frames: frames))
        #expect(gif.frames.map(\.delayCentiseconds) == [0, 0, 1, 4, 5, 10, 65535])
        #expect(GIFCodec.centiseconds(-3) == 0)
    }

    @Test func onePaletteOfAtMost256ColoursKeepsStaticPixelsIdentical() throws {
        // A photo crop (thousands of colours) with a square moving over it.
        let photo = Self.crop(try TestImages.photo(), x: 300, y: 150, width: 96, height: 64)
        let frames = (0..<5).map { k in
            AnimatedImage.Frame(bitmap: TestImages.withSquare(photo, at: 10 + 8 * k, 20), durationMilliseconds: 80)
        }
        let animation = try AnimatedImage(frames: frames)
        let (data, gif) = try Self.encode(animation)
        try AnimationSamples.write(animation, name: "photo", ["gif": data, "webp": try animation.encoded(as: .webp)])
        #expect(gif.palette.count / 3 == 256)
        #expect(gif.frames.allSatisfy { $0.indices.allSatisfy { Int($0) < 256 } })
        let shown = gif.composed()
        for (k, frame) in shown.enumerated().dropFirst() {
            let moved = PixelRect(minX: 10, minY: 20, maxX: 10 + 8 * 4 + 10, maxY: 30)
            var differing = 0
            for y in 0..<64 {
                for x in 0..<96 where !(moved.minX..<moved.maxX ~= x && moved.minY..<moved.maxY ~= y) {
                    if frame[(y * 96 + x) * 4..<(y * 96 + x) * 4 + 4] != shown[0][(y * 96 + x) * 4..<(y * 96 + x) * 4 + 4] { differing += 1 }
                }
            }
            #expect(differing == 0, "frame \(k): static pixels changed")
            #expect(gif.frames[k].rect.width <= 18 && gif.frames[k].rect.height == 10)
        }
        #expect(try Self.encode(animation).0 == data, "deterministic")
    }

    /// 36.44 dB and 34,921 bytes when recorded; Pillow's median cut without
    /// dithering gives 34.48 dB and 44,651 bytes on the same crop
    /// (Scripts/compare_gif_quantiser.py).
    @Test func aPhotoIsQuantisedAbove36dB() throws {
        let photo = Self.crop(try TestImages.photo(), x: 256, y: 128, width: 256, height: 256)
        let data = try photo.encoded(as: .gif)
        let decoded = try GIFCodec().decode(data, options: DecodingOptions())
        let psnr = WebPEncodingTests.psnr(photo, decoded)
        #expect(psnr >= 36, "\(psnr) dB, \(data.count) bytes")
        #expect(try GIFTestReader(data).composed()[0] == decoded.straightRGBA(), "giflib and the test reader agree")
    }

    @Test func stillImagesAndTheEncoderChoice() throws {
        let encoder = try ImageFormat.gif.encoder(options: EncodingOptions(quality: 10))
        #expect(encoder is GIFCodec)
        #expect(
            try ImageFormat.gif.encoder(options: EncodingOptions(quality: 90)).encode(TestImages.gradient(8, 8)) == encoder.encode(TestImages.gradient(8, 8)),
            "quality does not apply")
        #expect(ImageFormat.encodable.contains(.gif) && ImageFormat.animatable.contains(.gif))
        do {
            _ = try ImageFormat.gif.encoder(options: EncodingOptions(lossless: true))
            Issue.record("a lossless GIF encoder was made")
        } catch {
            #expect(error.format == .gif && error.description.contains("256 colours"))
        }
        let bitmap = TestImages.gradient(12, 10)
        #expect(try GIFCodec().decode(bitmap.encoded(as: .gif), options: DecodingOptions()) == bitmap)
    }

    @Test func encodingIsDeterministicAndPinned() throws {
        let animation = TestAnimations.movingSquare(transparentLeft: true)
        let data = try animation.encoded(as: .gif)
        #expect(try animation.encoded(as: .gif) == data)
        #expect(SHA256Digest.hex(data) == "e69a47103db1a4c0797a5c59ebd3ad69668c276e358bac9c6fd8632ab080ade9", "\(data.count) bytes")
    }
}
