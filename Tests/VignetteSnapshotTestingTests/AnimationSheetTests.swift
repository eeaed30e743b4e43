import Foundation
import Testing
import VignetteCore
import VignetteSnapshotTesting
import VignetteTestSupport

/// The animation sheet: every frame, unchanged, in a labelled grid; and its
/// snapshot strategy, recorded once as a reviewable reference.
@Suite struct AnimationSheetTests {
    @Test func framesLandUnchangedWithTheirLabels() throws {
        let animation = TestAnimations.movingSquare(frames: 5, loopCount: 3)
        let sheet = try AnimationSheet(columns: 3).render(animation)
        let labels = try SheetLabels(size: 11)
        let text = labels.lineHeight
        let slot = max(24 + 2, try labels.width(of: "#0 40 ms"))
        // gap | 3 slots with a gap after each
        #expect(sheet.width == max(8 + 3 * (slot + 8), 16 + (try labels.width(of: "5 frames, 300 ms, plays 3 times"))))
        // gap | title line | gap | 2 rows of (frame 16 + 2, gap 4, label line) each with a gap after
        #expect(sheet.height == 8 + text + 8 + 2 * (16 + 2 + 4 + text + 8))
        for (index, frame) in animation.frames.enumerated() {
            let x = 8 + index % 3 * (slot + 8) + (slot - 24) / 2
            let y = 8 + text + 8 + index / 3 * (16 + 2 + 4 + text + 8) + 1
            #expect(sheet.color(x: x + 3 * index, y: y + 4) == Color(red: 255, green: 0, blue: 255), "frame \(index)")
            #expect(sheet.color(x: x + 23, y: y + 15) == frame.bitmap.color(x: 23, y: 15))
        }
        // The title, in the bundled font, at the top left over the paper.
        let title = try labels.image("5 frames, 300 ms, plays 3 times")
        var expected = Bitmap(width: title.width, height: title.height, fill: .white)
        expected.draw(title, x: 0, y: 0)
        #expect((0..<title.height).allSatisfy { y in (0..<title.width).allSatisfy { x in sheet[8 + x, 8 + y] == expected[x, y] } })
        #expect(AnimationSheet.title(of: animation) == "5 frames, 300 ms, plays 3 times")
        #expect(AnimationSheet.title(of: AnimatedImage(still: Bitmap(width: 1, height: 1))) == "1 frame, 0 ms, plays once")
    }

    /// A sheet without its labels would be another reference: the assertion fails
    /// with the text engine's error and records nothing (HarfBuzz or ICU missing
    /// takes this path; a label size of 0 is the same error, here without uninstalling anything).
    @Test func aSheetWhoseLabelsCannotBeDrawnFailsAndRecordsNothing() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-frames-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Tests/Fake"), withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        let message = await verifyImageSnapshot(
            of: TestAnimations.movingSquare(frames: 2), as: .frames(labelSize: 0), named: "unlabelled", record: .missing,
            filePath: root.appendingPathComponent("Tests/Fake/FakeTests.swift").path, testName: "frames()")
        #expect(message?.hasPrefix("could not draw the animation sheet: text size 0.0") == true, "\(message ?? "passed")")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Snapshots").path), "nothing recorded")
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
        await assertImageSnapshot(of: rendered, as: .frames(columns: 2, labelSize: 14), named: "descriptor")
    }
}
