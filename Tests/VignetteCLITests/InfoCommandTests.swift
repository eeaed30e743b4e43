import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette info` through the binary: JSON keys and values, an array for
/// several files, text output, and a file that cannot be read.
@Suite struct InfoCommandTests {
    static let keys = [
        "format", "width", "height", "orientedWidth", "orientedHeight", "orientation", "hasAlpha", "frameCount",
        "durationMilliseconds", "loopCount", "iccProfile", "bitDepth", "dominantColor", "blurhash", "thumbhash"
    ]

    @Test func jsonHasTheKeysInOrderAndTheReferenceHashes() throws {
        let result = try RenderCommandTests.run(["info", "--json", RenderCommandTests.photo])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Set(Self.keys))
        let positions = Self.keys.map { result.stdout.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil } && positions.map { $0! } == positions.map { $0! }.sorted())
        #expect(object["format"] as? String == "png")
        #expect(object["width"] as? Int == 768 && object["height"] as? Int == 512)
        #expect(object["orientedWidth"] as? Int == 768 && object["orientation"] as? Int == 1)
        #expect(object["hasAlpha"] as? Bool == false && object["bitDepth"] as? Int == 8)
        #expect(object["frameCount"] as? Int == 1 && object["durationMilliseconds"] as? Int == 0)
        #expect(object["loopCount"] is NSNull && object["iccProfile"] is NSNull)
        // The BlurHash and ThumbHash references of kodim23 (BlurHashTests, ThumbHashTests).
        #expect(object["blurhash"] as? String == "LFF=X1uJ0L8yxeEMXj-OEMvzx[OY")
        #expect(object["thumbhash"] as? String == "GRkGFYYKQ5xqmLZ2iWeXd25QBYdX")
        let colour = try #require(object["dominantColor"] as? String)
        #expect(colour.count == 7 && colour.hasPrefix("#"))
    }

    @Test func severalFilesGiveAnArrayAndText() throws {
        let webp = Fixtures.url("webp/exif-orientation-6.webp").path
        let json = try RenderCommandTests.run(["info", "--json", RenderCommandTests.photo, webp])
        #expect(json.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array[1]["format"] as? String == "webp" && array[1]["orientation"] as? Int == 6)
        #expect(array[1]["width"] as? Int == 64 && array[1]["orientedWidth"] as? Int == 48)
        let text = try RenderCommandTests.run(["info", webp])
        #expect(text.status == 0)
        #expect(text.stdout.contains("format:") && text.stdout.contains("webp") && text.stdout.contains("orientation:"))
        #expect(text.stdout.contains("oriented size:   48x64"))
    }

    @Test func anUnreadableFileIsReportedAndTheOthersStillPrinted() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let garbage = folder.appendingPathComponent("garbage.png")
        try Data("not an image".utf8).write(to: garbage)
        let missing = folder.appendingPathComponent("missing.png").path
        let result = try RenderCommandTests.run(["info", "--json", garbage.path, RenderCommandTests.photo, missing])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: \(garbage.path):"))
        #expect(result.stderr.contains("error: \(missing):"))
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 1 && array[0]["width"] as? Int == 768)
        #expect(try RenderCommandTests.run(["info"]).status == 64)
    }
}
