import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette compare REF_DIR ACTUAL_DIR [--report DIR] [--json]`.
@Suite(.serialized) struct CompareFolderTests {
    static func write(_ bitmap: Bitmap, _ folder: URL, _ name: String) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(try PNGCodec.encode(bitmap), to: url.path)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func files(_ summary: [String: Any]) -> [String: [String: Any]] {
        let list = summary["files"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: list.map { ($0["path"] as? String ?? "", $0) })
    }

    /// REF: same, sub/two-blocks, removed, noisy; ACTUAL: same, sub/two-blocks changed, added, noisy ±1.
    static func folders() throws -> (root: URL, reference: URL, actual: URL) {
        let root = try RenderCommandTests.temporaryFolder()
        let reference = root.appendingPathComponent("ref")
        let actual = root.appendingPathComponent("actual")
        let base = TestImages.solid(120, 80)
        let gradient = TestImages.gradient(64, 48)
        try write(base, reference, "same.png")
        try write(base, actual, "same.png")
        try write(base, reference, "sub/two-blocks.png")
        try write(TestImages.withSquare(TestImages.withSquare(base, at: 70, 5), at: 10, 40), actual, "sub/two-blocks.png")
        try write(gradient, reference, "removed.png")
        try write(gradient, actual, "added.png")
        try write(gradient, reference, "noisy.png")
        try write(TestImages.noisy(gradient), actual, "noisy.png")
        try Data("not an image".utf8).write(to: reference.appendingPathComponent("notes.txt"))
        try write(gradient, reference, ".hidden.png")
        return (root, reference, actual)
    }

    @Test func exitCodesAndClassification() throws {
        let (root, reference, actual) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try RenderCommandTests.run(["compare", reference.path, actual.path])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("changed    sub/two-blocks.png: 200 of 9600 pixels differ"))
        #expect(run.stdout.contains("added      added.png (64x48 px)") && run.stdout.contains("removed    removed.png"))
        #expect(run.stdout.contains("5 files: 2 changed, 1 added, 1 removed, 0 unreadable, 1 unchanged"))
        #expect(!run.stdout.contains("hidden") && !run.stdout.contains("notes"))

        let tolerant = try RenderCommandTests.run(["compare", reference.path, actual.path, "--perceptual-precision", "0.98"])
        #expect(tolerant.stdout.contains("1 changed, 1 added, 1 removed, 0 unreadable, 2 unchanged"))
        #expect(try RenderCommandTests.run(["compare", reference.path, reference.path]).status == 0)

        // Unreadable wins over differences.
        try Data("\u{89}PNG\r\n\u{1A}\nbroken".utf8).write(to: actual.appendingPathComponent("same.png"))
        let broken = try RenderCommandTests.run(["compare", reference.path, actual.path])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("error: same.png: actual: "), "\(broken.stderr)")

        // Usage errors: a folder and a file, a missing folder.
        let file = reference.appendingPathComponent("same.png").path
        let mixed = try RenderCommandTests.run(["compare", reference.path, file])
        #expect(mixed.status == 64 && mixed.stderr.contains("is a file, not a folder"))
        let missing = try RenderCommandTests.run(["compare", root.appendingPathComponent("nowhere").path, actual.path])
        #expect(missing.status == 64 && missing.stderr.contains("does not exist"))
        #expect(try RenderCommandTests.run(["compare", reference.path + "/", root.appendingPathComponent("gone/").path + "/"]).status == 64)
        #expect(try RenderCommandTests.run(["compare", reference.path, actual.path, "--diff", "/tmp/x.png"]).status == 64)
    }

    /// Byte-identical files decode once; a damaged file copied to both sides
    /// is still unreadable on both, as two decodes would say.
    @Test func byteIdenticalFilesDecodeOnceWithTheSameAnswer() throws {
        let root = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let reference = root.appendingPathComponent("ref")
        let actual = root.appendingPathComponent("actual")
        for folder in [reference, actual] {
            try Self.write(TestImages.gradient(64, 48), folder, "kept.png")
            try Data("\u{89}PNG\r\n\u{1A}\nbroken".utf8).write(to: folder.appendingPathComponent("broken.png"))
        }
        let run = try RenderCommandTests.run(["compare", reference.path, actual.path, "--json"])
        #expect(run.status == 2, "\(run.stdout)")
        let files = Self.files(try Self.json(run.stdout))
        #expect(files["kept.png"]?["status"] as? String == "unchanged")
        #expect(files["broken.png"]?["status"] as? String == "unreadable")
        let error = files["broken.png"]?["error"] as? String ?? ""
        #expect(error.contains("reference: ") && error.contains("actual: "), "\(error)")
    }

    @Test func jsonSummary() throws {
        let (root, reference, actual) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try RenderCommandTests.run(["compare", reference.path, actual.path, "--json"])
        #expect(run.status == 1)
        let summary = try Self.json(run.stdout)
        let totals = try #require(summary["totals"] as? [String: Int])
        #expect(totals == ["files": 5, "added": 1, "removed": 1, "changed": 2, "unchanged": 1, "unreadable": 0])
        #expect((summary["units"] as? [String: String])?["deltaE"] == "CIE94 on 8-bit sRGB")
        let files = Self.files(summary)
        #expect(files.keys.sorted() == ["added.png", "noisy.png", "removed.png", "same.png", "sub/two-blocks.png"])
        let blocks = try #require(files["sub/two-blocks.png"])
        #expect(blocks["status"] as? String == "changed")
        #expect(blocks["differingPixelCount"] as? Int == 200 && blocks["failingPixelCount"] as? Int == 200)
        #expect(blocks["pixelCount"] as? Int == 9600)
        #expect((blocks["differingShare"] as? Double).map { abs($0 - 200.0 / 9600) < 1e-12 } == true)
        let boxes = try #require(blocks["boxes"] as? [[String: Int]])
        #expect(boxes == [["x": 70, "y": 5, "width": 10, "height": 10], ["x": 10, "y": 40, "width": 10, "height": 10]])
        // One colour changed to one other: worst = p99 = that pair's ΔE.
        let magenta = TestImages.withSquare(TestImages.solid(1, 1), at: 0, 0, size: 1)
        let expected = try #require(
            ImageComparison.statistics(
                reference: (1, 1, TestImages.solid(1, 1).straightRGBA()), actual: (1, 1, magenta.straightRGBA())))
        #expect(blocks["worstDeltaE"] as? Double == (expected.worstDeltaE * 1000).rounded() / 1000)
        #expect(blocks["p99DeltaE"] as? Double == blocks["worstDeltaE"] as? Double)
        #expect((blocks["referenceSize"] as? [String: Int]) == ["width": 120, "height": 80])
        #expect(blocks["artifacts"] == nil)
        let same = try #require(files["same.png"])
        #expect(same["status"] as? String == "unchanged" && same["differingPixelCount"] as? Int == 0)
        #expect((same["boxes"] as? [Any])?.isEmpty == true)
        #expect(files["added.png"]?["actualSize"] as? [String: Int] == ["width": 64, "height": 48])
        #expect(files["added.png"]?["referenceSize"] == nil)
        // Keys in a stable (sorted) order: "actual" comes before "deltaEThreshold" before "files".
        let actualKey = try #require(run.stdout.range(of: "\"actual\""))
        #expect(actualKey.lowerBound < run.stdout.range(of: "\"files\"")!.lowerBound)

        // The two-file form speaks JSON too.
        let pair = try RenderCommandTests.run([
            "compare", reference.appendingPathComponent("sub/two-blocks.png").path,
            actual.appendingPathComponent("sub/two-blocks.png").path, "--json"
        ])
        #expect(pair.status == 1)
        #expect(Self.files(try Self.json(pair.stdout))["two-blocks.png"]?["boxes"] as? [[String: Int]] == boxes)
    }

    @Test func aFolderTooDeepToReadMakesTheRunIncomplete() throws {
        let root = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let deep = root.appendingPathComponent("ref/" + Array(repeating: "d", count: 70).joined(separator: "/"))
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("actual"), withIntermediateDirectories: true)
        let run = try RenderCommandTests.run(["compare", root.appendingPathComponent("ref").path, root.appendingPathComponent("actual").path])
        #expect(run.status == 2 && run.stderr.contains("deeper than 64 folders"), "\(run.stderr)")
        #expect(run.stdout.contains("0 files"))
    }

    @Test func otherFormatsGoThroughTheDecoders() throws {
        let root = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let reference = root.appendingPathComponent("ref")
        let actual = root.appendingPathComponent("actual")
        for folder in [reference, actual] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let jpeg = try JPEGCodec.encode(TestImages.gradient(40, 30))
        try jpeg.write(to: reference.appendingPathComponent("photo.JPG"))
        try jpeg.write(to: actual.appendingPathComponent("photo.JPG"))
        try WebPCodec.encode(TestImages.solid(20, 10)).write(to: reference.appendingPathComponent("icon.webp"))
        try WebPCodec.encode(TestImages.withSquare(TestImages.solid(20, 10), at: 0, 0, size: 4))
            .write(to: actual.appendingPathComponent("icon.webp"))
        let report = root.appendingPathComponent("report")
        let run = try RenderCommandTests.run(["compare", reference.path, actual.path, "--json", "--report", report.path])
        #expect(run.status == 1, "\(run.stderr)")
        let files = Self.files(try Self.json(run.stdout))
        #expect(files["photo.JPG"]?["status"] as? String == "unchanged" && files["photo.JPG"]?["pixelCount"] as? Int == 1200)
        #expect(files["icon.webp"]?["status"] as? String == "changed")
        // The report shows a PNG made of the decoded pixels.
        let artifact = try #require((files["icon.webp"]?["artifacts"] as? [String: String])?["actual"])
        #expect(try PNGCodec.decode(contentsOf: report.appendingPathComponent(artifact).path).width == 20)
    }
}
