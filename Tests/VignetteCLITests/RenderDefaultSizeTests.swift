import Foundation
import Testing
import VignetteCore

/// `vignette render` without `--size`: the surface takes the source's own
/// size in points (an SVG's intrinsic size, a bitmap's pixels over its
/// scale), so `--scale 2` renders a badge at twice the size its file states.
@Suite struct RenderDefaultSizeTests {
    @Test func anSVGRendersAtItsIntrinsicSizeTimesTheScale() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="12"><rect width="15" height="12" fill="red"/></svg>"#
        try Data(svg.utf8).write(to: folder.appendingPathComponent("badge.svg"))

        let run = try RenderCommandTests.run(["render", "badge.svg", "--scale", "2", "-o", "badge.png"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let bitmap = try ImageDecoders.standard.decode(Data(contentsOf: folder.appendingPathComponent("badge.png")))
        #expect(bitmap.width == 60 && bitmap.height == 24)
        #expect(bitmap[10, 10] == Color(red: 255, green: 0, blue: 0).premultiplied)
        #expect(bitmap[45, 10] == Color.clear.premultiplied)
    }

    @Test func aBitmapRendersAtItsPixelsOverItsScale() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Bitmap(width: 8, height: 4, fill: Color(red: 0, green: 0, blue: 255)).encoded(as: .png)
            .write(to: folder.appendingPathComponent("icon@2x.png"))

        // 8x4 px at @2x is 4x2 points: at --scale 3 that is 12x6 px.
        let run = try RenderCommandTests.run(["render", "icon@2x.png", "--scale", "3", "-o", "out.png"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let bitmap = try ImageDecoders.standard.decode(Data(contentsOf: folder.appendingPathComponent("out.png")))
        #expect(bitmap.width == 12 && bitmap.height == 6)
    }

    @Test func theHelpSaysWhatTheDefaultIs() throws {
        let run = try RenderCommandTests.run(["render", "--help"], in: FileManager.default.temporaryDirectory)
        let words = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Default: the source's own size"), "\(run.stdout)")
    }
}
