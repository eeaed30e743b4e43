import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

@Suite struct AnimationRenderingTests {
    static func flipbook(frames: Int = 4, width: Int = 48, height: Int = 32, loopCount: Int = 3) throws -> AnimatedImage {
        try FlipbookDecoder().decodeAnimation(
            FlipbookDecoder.file(frames: frames, width: width, height: height, loopCount: loopCount),
            options: DecodingOptions(), limits: .standard)
    }

    @Test func everyFrameIsDrawnThroughTheWholePresentation() throws {
        let animation = try Self.flipbook()
        let look = ImageDescriptor(animation, contentMode: .aspectFill, tint: nil, background: .white)
            .shape(.circle).border(Border(width: 2, color: .black)).effects([.grayscale])
        let size = Size(width: 20, height: 20)
        let rendered = try ImageRenderer.render(look, size: size, scale: 2)
        #expect(rendered.frames.count == 4 && rendered.loopCount == 3)
        for (index, frame) in rendered.frames.enumerated() {
            let still = try ImageRenderer.render(look.map { $0.frames[index].bitmap }, size: size, scale: 2)
            #expect(frame.bitmap == still, "frame \(index)")
            #expect(frame.durationMilliseconds == 50)
        }
        #expect(rendered.frames[0].bitmap != rendered.frames[1].bitmap, "the square moves")
    }

    @Test func smartFocusIsChosenOnceSoTheCropStaysPut() throws {
        // A subject that jumps: each frame alone would crop around it.
        let base = TestImages.solid(120, 40, color: Color(red: 240, green: 240, blue: 240))
        let frames = [10, 90].map { x in
            AnimatedImage.Frame(bitmap: TestImages.withSquare(base, at: x, 12, size: 16), durationMilliseconds: 100)
        }
        let animation = try AnimatedImage(frames: frames)
        let look = ImageDescriptor(animation, contentMode: .aspectFill).focus(.smart)
        let size = Size(width: 40, height: 40)
        let rendered = try ImageRenderer.render(look, size: size, scale: 1)
        let first = look.map { $0.firstFrame }
        let layout = RenderLayout(first, size: size, scale: 1, resolvesSmartFocus: false)
        let pinned = ImageRenderer.pinnedSmartFocus(first, layout: layout)
        guard case .point = pinned else {
            Issue.record("smart focus not pinned to a point: \(pinned)")
            return
        }
        let second = try ImageRenderer.render(look.map { $0.frames[1].bitmap }.focus(pinned), size: size, scale: 1)
        #expect(rendered.frames[1].bitmap == second)
        let alone = try ImageRenderer.render(look.map { $0.frames[1].bitmap }, size: size, scale: 1)
        #expect(rendered.frames[1].bitmap != alone, "frame 1 alone would move the crop")
        #expect(rendered.frames[0].bitmap == (try ImageRenderer.render(first, size: size, scale: 1)))
    }

    @Test func outputFramesAreLimitedBeforeAnyIsDrawn() throws {
        let animation = try Self.flipbook(frames: 10)
        let limits = AnimationLimits(maxAnimationPixels: 50_000)
        #expect(throws: ImageRenderer.Error.animationTooLarge(pixels: 100 * 100 * 10, frames: 10, limit: 50_000)) {
            try ImageRenderer.render(
                ImageDescriptor(animation), size: Size(width: 100, height: 100), scale: 1, limits: limits)
        }
        // One frame is a still: only the surface limits apply.
        let still = AnimatedImage(still: animation.firstFrame)
        let one = try ImageRenderer.render(ImageDescriptor(still), size: Size(width: 300, height: 300), scale: 1, limits: limits)
        #expect(one.frames.count == 1)
    }

    /// As for a still: a value out of range is clamped (σ -1 draws as 0), a bad size is refused.
    @Test func outOfRangeValuesAndErrorsAreThoseOfAStillRender() throws {
        let animation = try Self.flipbook()
        let size = Size(width: 10, height: 10)
        let clamped = try ImageRenderer.render(ImageDescriptor(animation).effects([.blur(sigma: -1)]), size: size, scale: 1)
        let zero = try ImageRenderer.render(ImageDescriptor(animation).effects([.blur(sigma: 0)]), size: size, scale: 1)
        #expect(clamped.frames.map(\.bitmap) == zero.frames.map(\.bitmap))
        #expect(throws: ImageRenderer.Error.self) {
            try ImageRenderer.render(ImageDescriptor(animation), size: Size(width: -1, height: 10), scale: 1)
        }
    }

    @Test func framesMustShareOneSizeAndTheLoopCountBeNonNegative() {
        let a = TestImages.gradient(4, 4)
        let b = TestImages.gradient(5, 4)
        #expect(throws: AnimatedImage.Error.noFrames) { try AnimatedImage(frames: []) }
        #expect(
            throws: AnimatedImage.Error.frameSizeMismatch(
                index: 1, size: PixelSize(width: 5, height: 4), expected: PixelSize(width: 4, height: 4))
        ) {
            try AnimatedImage(frames: [.init(bitmap: a, durationMilliseconds: 1), .init(bitmap: b, durationMilliseconds: 1)])
        }
        #expect(throws: AnimatedImage.Error.invalidLoopCount(-1)) {
            try AnimatedImage(frames: [.init(bitmap: a, durationMilliseconds: 1)], loopCount: -1)
        }
    }

    @Test func limitsAreCheckedFromTheHeaderBeforeAnyFrameIsDecoded() throws {
        let decoder = FlipbookDecoder()
        let decoders = ImageDecoders([decoder])
        let many = FlipbookDecoder.file(frames: 60_000, width: 100, height: 100)
        #expect(throws: ImageDecoders.Error(format: decoder.format, reason: .tooManyFrames(count: 60_000, limit: 1000))) {
            try decoders.decodeAnimation(many)
        }
        let large = FlipbookDecoder.file(frames: 200, width: 1000, height: 1000)
        #expect(
            throws: ImageDecoders.Error(
                format: decoder.format, reason: .animationTooLarge(pixels: 200_000_000, frames: 200, limit: 100_000_000))
        ) {
            try decoders.decodeAnimation(large)
        }
        #expect(decoder.decodedFrames.count == 0)
        #expect(try decoders.animationHeader(for: many)?.frameCount == 60_000)
        let small = FlipbookDecoder.file(frames: 1500, width: 4, height: 4)
        let fine = try decoders.decodeAnimation(small, limits: AnimationLimits(maxFrames: 1500)).frames.count
        #expect(fine == 1500 && decoder.decodedFrames.count == 1500)
    }

    @Test func aStillFormatDecodesAsOneFrameAndEncodesAsItself() throws {
        let bitmap = TestImages.gradient(9, 7)
        let png = try bitmap.encoded(as: .png)
        let animation = try ImageDecoders.standard.decodeAnimation(png)
        #expect(animation.frames.count == 1 && !animation.isAnimated)
        #expect(animation.firstFrame == bitmap)
        #expect(try ImageDecoders.standard.animationHeader(for: png)?.frameCount ?? 1 == 1)
        #expect(try animation.encoded(as: .png) == png)
        #expect(try Self.flipbook().encoded(as: .jpeg) == (try Self.flipbook().firstFrame.encoded(as: .jpeg)))
    }
}
