import Foundation
import Testing
import VignetteCore

/// `vignette render` and `vignette info` on an SVG that names images beside
/// it: the user's own files, so the one in its folder is drawn (run from
/// another working directory, by a relative path too), and `info` lists
/// what was not read.
@Suite struct SVGFileImagesCommandTests {
    @Test func renderDrawsTheImagesBesideTheFileAndInfoListsTheRest() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let icons = folder.appendingPathComponent("icons")
        try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
        try Bitmap(width: 2, height: 2, fill: Color(red: 255, green: 0, blue: 0)).encoded(as: .png)
            .write(to: icons.appendingPathComponent("logo.png"))
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">"#
            + #"<image width="10" height="10" href="logo.png"/><image x="10" width="10" height="10" href="../secret.png"/></svg>"#
        try Data(svg.utf8).write(to: icons.appendingPathComponent("badge.svg"))
        try Bitmap(width: 2, height: 2, fill: Color(red: 0, green: 0, blue: 255)).encoded(as: .png)
            .write(to: folder.appendingPathComponent("secret.png"))

        let render = try RenderCommandTests.run(
            ["render", "icons/badge.svg", "--size", "20x10", "--scale", "1", "-o", "badge.png"], in: folder)
        #expect(render.status == 0, "\(render.stderr)")
        let bitmap = try ImageDecoders.standard.decode(Data(contentsOf: folder.appendingPathComponent("badge.png")))
        #expect(bitmap[5, 5] == Color(red: 255, green: 0, blue: 0).premultiplied)
        #expect(bitmap[15, 5] == Color.clear.premultiplied, "a reference out of the SVG's folder is never read")

        let info = try RenderCommandTests.run(["info", "--json", "icons/badge.svg"], in: folder)
        #expect(info.status == 0, "\(info.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        #expect(object["skippedElements"] as? [String] == ["image ../secret.png"], "\(info.stdout)")
    }
}
