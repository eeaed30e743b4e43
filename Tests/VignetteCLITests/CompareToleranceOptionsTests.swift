import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette compare --anti-aliasing` and `--max-different-pixels`, and what
/// `--json` and `--report` say of the options.
@Suite(.serialized) struct CompareToleranceOptionsTests {
    /// A disc and the same disc moved by a fraction of a pixel: only its anti-aliased edge differs.
    static func discs(_ folder: URL) throws -> (reference: String, actual: String) {
        (
            try CompareCommandTests.write(TestImages.disc(centerX: 20, centerY: 20), folder, "disc.png"),
            try CompareCommandTests.write(TestImages.disc(centerX: 20.3, centerY: 19.8), folder, "moved-disc.png")
        )
    }

    @Test func antiAliasingStrictReportedForgiven() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (reference, actual) = try Self.discs(folder)
        let base = ["compare", reference, actual, "--perceptual-precision", "0.98", "--json"]
        var figures: [String: [String: Any]] = [:]
        for mode in ["strict", "reported", "forgiven"] {
            let run = try RenderCommandTests.run(base + ["--anti-aliasing", mode])
            let summary = try CompareFolderTests.json(run.stdout)
            #expect(summary["antiAliasing"] as? String == mode)
            figures[mode] = CompareFolderTests.files(summary)["moved-disc.png"]
            #expect(run.status == (mode == "forgiven" ? 0 : 1), "\(mode): \(run.stdout)")
        }
        let failing = try #require(figures["strict"]?["failingPixelCount"] as? Int)
        #expect(failing > 20 && figures["strict"]?["antiAliasedPixelCount"] as? Int == 0)
        #expect(figures["reported"]?["antiAliasedPixelCount"] as? Int == failing)
        #expect(figures["reported"]?["failingPixelCount"] as? Int == failing)
        #expect(figures["forgiven"]?["antiAliasedPixelCount"] as? Int == failing)
        #expect(figures["forgiven"]?["failingPixelCount"] as? Int == 0)
        // Text: the count, and what would forgive it.
        let reported = try RenderCommandTests.run(["compare", reference, actual, "--perceptual-precision", "0.98", "--anti-aliasing", "reported"])
        #expect(reported.stdout.contains("\(failing) of the failing pixels look like anti-aliasing"), "\(reported.stdout)")
        let bogus = try RenderCommandTests.run(["compare", reference, actual, "--anti-aliasing", "lenient"])
        #expect(bogus.status == 64 && bogus.stderr.contains("--anti-aliasing"), "\(bogus.stderr)")
    }

    @Test func maxDifferentPixelsAloneOrWithPrecision() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (reference, actual) = try CompareIgnoreOptionsTests.pair(folder)  // 200 of 9600 pixels fail
        func status(_ options: [String]) throws -> Int32 { try RenderCommandTests.run(["compare", reference, actual] + options).status }
        #expect(try status(["--max-different-pixels", "200"]) == 0)
        #expect(try status(["--max-different-pixels", "199"]) == 1)
        // Alone it replaces the share; with --precision both must hold.
        #expect(try status(["--precision", "0.99"]) == 1)  // allows 96
        #expect(try status(["--precision", "0.99", "--max-different-pixels", "500"]) == 1)
        #expect(try status(["--precision", "0.97", "--max-different-pixels", "500"]) == 0)  // allows 288
        #expect(try status(["--precision", "0.97", "--max-different-pixels", "150"]) == 1)
        // Ignored pixels are not counted.
        #expect(try status(["--max-different-pixels", "100", "--ignore", "70,5,10,10"]) == 0)
        // Forgiven anti-aliasing is not counted; reported still is.
        let (disc, moved) = try Self.discs(folder)
        let aa = ["compare", disc, moved, "--perceptual-precision", "0.98", "--max-different-pixels", "0", "--anti-aliasing"]
        #expect(try RenderCommandTests.run(aa + ["forgiven"]).status == 0)
        #expect(try RenderCommandTests.run(aa + ["reported"]).status == 1)

        for value in ["-1", "many", "1.5"] {
            let run = try RenderCommandTests.run(["compare", reference, actual, "--max-different-pixels", value])
            #expect(run.status == 64 && run.stderr.contains("--max-different-pixels"), "\(value): \(run.stderr)")
        }
        let text = try RenderCommandTests.run(["compare", reference, actual, "--max-different-pixels", "199"])
        #expect(text.stdout.contains("allowed at most 199 failing pixels"), "\(text.stdout)")
    }

    @Test func jsonAndReportEchoTheOptions() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (reference, actual) = try CompareIgnoreOptionsTests.pair(folder)
        let mask = try CompareCommandTests.write(Bitmap(width: 120, height: 80), folder, "mask.png")
        let report = folder.appendingPathComponent("report")
        let run = try RenderCommandTests.run([
            "compare", reference, actual, "--json", "--report", report.path, "--ignore", "70,5,10,10", "--ignore", "0,0,1,1",
            "--mask", mask, "--anti-aliasing", "forgiven", "--max-different-pixels", "7", "--precision", "0.5"
        ])
        #expect(run.status == 1, "\(run.stdout) \(run.stderr)")
        let summary = try CompareFolderTests.json(run.stdout)
        #expect(summary["antiAliasing"] as? String == "forgiven" && summary["maxDifferentPixels"] as? Int == 7)
        #expect(summary["mask"] as? String == mask && summary["precision"] as? Double == 0.5)
        #expect(
            summary["ignore"] as? [[String: Int]] == [
                ["x": 70, "y": 5, "width": 10, "height": 10], ["x": 0, "y": 0, "width": 1, "height": 1]
            ])
        let file = try #require(CompareFolderTests.files(summary)["actual.png"])
        #expect(file["failingPixelCount"] as? Int == 100 && file["ignoredDifferingPixelCount"] as? Int == 100)
        #expect(file["ignoredPixelCount"] as? Int == 101 && file["antiAliasedPixelCount"] as? Int == 0)
        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("at most 7 failing pixels") && html.contains("anti-aliasing forgiven"))
        #expect(html.contains("ignoring 70,5,10,10 0,0,1,1") && html.contains("mask \(mask)"))
        #expect(html.contains("101 ignored, 100 of them differ"))

        // Without the options the summary says the defaults and leaves the rest out.
        let plain = try CompareFolderTests.json(try RenderCommandTests.run(["compare", reference, actual, "--json"]).stdout)
        #expect(plain["antiAliasing"] as? String == "strict" && (plain["ignore"] as? [Any])?.isEmpty == true)
        #expect(plain["mask"] == nil && plain["maxDifferentPixels"] == nil)
    }
}
