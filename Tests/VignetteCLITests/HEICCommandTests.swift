import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// HEIC through the `vignette` binary: the libheif version and decoders it
/// reports, and renders of a rotated iPhone-style file that come out upright
/// and byte-identical run to run.
@Suite struct HEICCommandTests {
    typealias Run = AVIFGIFCommandTests

    @Test func versionsListLibheifAndItsDecoders() throws {
        let result = try Run.run(["versions"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").contains { $0.hasPrefix("libheif \(HEIFCodec.libheifVersion) (HEVC: libde265") })
    }

    @Test func rendersAnIrotFileUprightAndTheSameEveryTime() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [Data] = []
        for index in 0..<2 {
            let output = folder.appendingPathComponent("\(index).png")
            let result = try Run.run(["render", Fixtures.url("heic/orient6.heic").path, "--size", "64x32", "-o", output.path])
            #expect(result.status == 0)
            outputs.append(try Data(contentsOf: output))
        }
        #expect(Set(outputs).count == 1)
        let rendered = try PNGCodec.decode(contentsOf: folder.appendingPathComponent("0.png").path)
        let upright = try HEIFCodec().decode(Fixtures.data("heic/orient6.heic"), options: DecodingOptions())
        #expect((rendered.width, rendered.height) == (64, 32))
        #expect(rendered == upright)
    }
}
