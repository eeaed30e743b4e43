import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette compare … --report DIR`: the page, its artifacts, and hostile names and links.
@Suite(.serialized) struct CompareReportTests {
    /// Every file and folder under `root`, relative.
    static func tree(_ root: URL) -> Set<String> {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var paths = Set<String>()
        while let path = enumerator?.nextObject() as? String { paths.insert(path) }
        return paths
    }

    @Test func reportPageListsEveryFileAndEscapesNames() throws {
        let (root, reference, actual) = try CompareFolderTests.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let hostile = "<b>&.png"
        try CompareFolderTests.write(TestImages.solid(8, 8), reference, hostile)
        try CompareFolderTests.write(TestImages.withSquare(TestImages.solid(8, 8), at: 2, 2, size: 2), actual, hostile)
        let report = root.appendingPathComponent("report")
        let before = Self.tree(root)
        let run = try RenderCommandTests.run(["compare", reference.path, actual.path, "--report", report.path, "--json"])
        #expect(run.status == 1, "\(run.stderr)")
        // Only the report folder gained files.
        let added = Self.tree(root).subtracting(before)
        #expect(!added.isEmpty && added.allSatisfy { $0 == "report" || $0.hasPrefix("report/") }, "\(added)")

        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<code>&lt;b&gt;&amp;.png</code>") && !html.contains("<b>&.png"))
        for name in ["same.png", "sub/two-blocks.png", "added.png", "removed.png", "noisy.png"] {
            #expect(html.contains("<code>\(name)</code>"), "\(name) missing from the page")
        }
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<link"))
        #expect(html.contains("type=\"range\""))
        // Every image the page names exists in the report, and the JSON names the same ones.
        let sources = html.components(separatedBy: "src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(sources.count >= 9)
        for source in sources {
            #expect(source.hasPrefix("images/") && !source.contains(".."), "\(source)")
            #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent(source).path), "\(source)")
        }
        let summary = try CompareFolderTests.json(run.stdout)
        let saved = try CompareFolderTests.json(String(contentsOf: report.appendingPathComponent("summary.json"), encoding: .utf8))
        #expect(NSDictionary(dictionary: summary).isEqual(to: saved))
        let files = CompareFolderTests.files(summary)
        let artifacts = try #require(files["sub/two-blocks.png"]?["artifacts"] as? [String: String])
        #expect(Set(artifacts.keys) == ["reference", "actual", "diff"])
        let diff = try PNGCodec.decode(contentsOf: report.appendingPathComponent(artifacts["diff"]!).path)
        #expect(diff.width == 120 && diff.height == 80)
        #expect((files[hostile]?["artifacts"] as? [String: String])?["diff"]?.hasPrefix("images/") == true)
        #expect((files["added.png"]?["artifacts"] as? [String: String])?.keys.sorted() == ["actual"])
        #expect(files["same.png"]?["artifacts"] == nil)
    }

    @Test func linksOutsideTheFolderAreNotFollowed() throws {
        let (root, reference, actual) = try CompareFolderTests.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = root.appendingPathComponent("secret.png")
        try CompareFolderTests.write(TestImages.solid(4, 4), root, "secret.png")
        try FileManager.default.createSymbolicLink(
            atPath: actual.appendingPathComponent("escape.png").path,
            withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(
            atPath: reference.appendingPathComponent("escape.png").path,
            withDestinationPath: "../secret.png")
        // A link inside the folder is fine.
        try FileManager.default.createSymbolicLink(
            atPath: actual.appendingPathComponent("removed.png").path,
            withDestinationPath: "added.png")
        let run = try RenderCommandTests.run(["compare", reference.path, actual.path, "--json"])
        #expect(run.status == 2)
        let files = CompareFolderTests.files(try CompareFolderTests.json(run.stdout))
        #expect(files["escape.png"]?["status"] as? String == "unreadable")
        #expect((files["escape.png"]?["error"] as? String)?.contains("leading outside the folder") == true)
        #expect(files["removed.png"]?["status"] as? String == "unchanged")
    }

    @Test func reportNeverWritesThroughALink() throws {
        let (root, reference, actual) = try CompareFolderTests.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let report = root.appendingPathComponent("report")
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: report, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: report.appendingPathComponent("images").path,
            withDestinationPath: elsewhere.path)
        let run = try RenderCommandTests.run(["compare", reference.path, actual.path, "--report", report.path])
        #expect(run.status == 2 && run.stderr.contains("is not a folder"))
        #expect(Self.tree(elsewhere).isEmpty)

        // A link at index.html is replaced, its target untouched; a report inside ACTUAL_DIR is not compared.
        try FileManager.default.removeItem(at: report)
        let inside = actual.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        let target = elsewhere.appendingPathComponent("keep.txt")
        try Data("keep".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(
            atPath: inside.appendingPathComponent("index.html").path,
            withDestinationPath: target.path)
        for _ in 0..<2 {
            let again = try RenderCommandTests.run(["compare", reference.path, actual.path, "--report", inside.path, "--json"])
            #expect(again.status == 1, "\(again.stderr)")
            #expect(CompareFolderTests.files(try CompareFolderTests.json(again.stdout)).keys.allSatisfy { !$0.hasPrefix("report") })
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
    }

    @Test func twoFilesMakeAOneEntryReport() throws {
        let (root, reference, actual) = try CompareFolderTests.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let report = root.appendingPathComponent("pair-report")
        let run = try RenderCommandTests.run([
            "compare", reference.appendingPathComponent("sub/two-blocks.png").path,
            actual.appendingPathComponent("sub/two-blocks.png").path, "--report", report.path
        ])
        #expect(run.status == 1 && run.stdout.contains("wrote \(report.path)/index.html"))
        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<code>two-blocks.png</code>") && html.contains("2 regions"))
    }
}
