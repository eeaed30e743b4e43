import Foundation
import Testing
import VignetteCore
import VignetteSnapshotTesting
import VignetteTestSupport

/// The animation sheet: every frame, unchanged, in a labelled grid; and its
/// snapshot strategy, recorded once as a reviewable reference.
@Suite struct AnimationSheetTests {
    @Test func framesLandUnchangedWithTheirLabels() {
        let animation = TestAnimations.movingSquare(frames: 5, loopCount: 3)
        let sheet = AnimationSheet(columns: 3).render(animation)
        let labelWidth = LabelFont.width(of: "#0 40 ms")
        let slot = max(24 + 2, labelWidth)
        // gap | 3 slots with a gap after each
        #expect(sheet.width == max(8 + 3 * (slot + 8), 16 + LabelFont.width(of: "5 frames, 300 ms, plays 3 times")))
        // gap | title 9 | gap | 2 rows of (frame 16 + 2, gap 4, label 9) each with a gap after
        #expect(sheet.height == 8 + 9 + 8 + 2 * (16 + 2 + 4 + 9 + 8))
        for (index, frame) in animation.frames.enumerated() {
            let x = 8 + index % 3 * (slot + 8) + (slot - 24) / 2
            let y = 8 + 9 + 8 + index / 3 * (16 + 2 + 4 + 9 + 8) + 1
            #expect(sheet.color(x: x + 3 * index, y: y + 4) == Color(red: 255, green: 0, blue: 255), "frame \(index)")
            #expect(sheet.color(x: x + 23, y: y + 15) == frame.bitmap.color(x: 23, y: 15))
        }
        #expect(AnimationSheet.title(of: animation) == "5 frames, 300 ms, plays 3 times")
        #expect(AnimationSheet.title(of: AnimatedImage(still: Bitmap(width: 1, height: 1))) == "1 frame, 0 ms, plays once")
        #expect(LabelFont.unsupportedCharacters(in: AnimationSheet.title(of: animation) + AnimationSheet.label(index: 12, durationMilliseconds: 90)).isEmpty)
    }

    @Test func anAnimationIsOneReviewableReference() async throws {
        await assertImageSnapshot(of: TestAnimations.movingSquare(frames: 6, transparentLeft: true), as: .frames, named: "moving-square")
        // Every frame through one presentation, as an animated descriptor renders.
        let surface = try ImageSurface(size: Size(width: 40, height: 30), scale: 2)
        let source = TestAnimations.movingHole()
        let rendered = try AnimatedImage(
            frames: source.mapFrames { bitmap in
                surface.apply(ImageDescriptor(bitmap, contentMode: .aspectFit, background: Color(red: 0xDD, green: 0xEE, blue: 0xFF)))
                return surface.render()
            }, loopCount: source.loopCount)
        await assertImageSnapshot(of: rendered, as: .frames(columns: 2, labelScale: 2), named: "descriptor")
    }
}
