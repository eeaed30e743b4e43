import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette compare --ignore X,Y,W,H` and `--mask FILE`, for two files and two folders.
@Suite(.serialized) struct CompareIgnoreOptionsTests {
    static let base = TestImages.solid(120, 80)
    /// Magenta squares at (70, 5) and (10, 40), 10 × 10 px each.
    static let twoBlocks = TestImages.withSquare(TestImages.withSquare(base, at: 70, 5), at: 10, 40)

    static func pair(_ folder: URL) throws -> (reference: String, actual: String) {
        (
            try CompareCommandTests.write(base, folder, "reference.png"),
            try CompareCommandTests.write(twoBlocks, folder, "actual.png")
        )
    }

    @Test func ignoredRectanglesAreWholePixelsClippedToTheImage() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (reference, actual) = try Self.pair(folder)
        let one = try RenderCommandTests.run(["compare", reference, actual, "--ignore", "70,5,10,10"])
        #expect(one.status == 1 && one.stdout.contains("100 of 9600 pixels differ"), "\(one.stdout)")
        #expect(one.stdout.contains("100 differing pixels in ignored regions"), "\(one.stdout)")
        // Repeatable; the second one runs past the image's corner and is clipped.
        let both = try RenderCommandTests.run(["compare", reference, actual, "--ignore", "70,5,10,10", "--ignore", "0,40,5000,5000"])
        #expect(both.status == 0 && both.stdout.contains("identical outside ignored regions"), "\(both.stdout)")
        // One pixel short of the square: a whole-pixel rectangle ignores exactly what it covers.
        let short = try RenderCommandTests.run(["compare", reference, actual, "--ignore", "70,5,10,9", "--ignore", "10,40,10,10", "--json"])
        let file = try #require(CompareFolderTests.files(try CompareFolderTests.json(short.stdout))["actual.png"])
        #expect(short.status == 1 && file["failingPixelCount"] as? Int == 10 && file["ignoredDifferingPixelCount"] as? Int == 190)
        #expect(file["ignoredPixelCount"] as? Int == 190)
        // Outside the image, or empty: nothing ignored, not an error.
        let outside = try RenderCommandTests.run(["compare", reference, actual, "--ignore", "500,500,10,10", "--ignore", "70,5,0,10"])
        #expect(outside.status == 1 && outside.stdout.contains("200 of 9600 pixels differ"), "\(outside.stdout)")
        // Huge values mean "to the end of the image".
        let everything = try RenderCommandTests.run(["compare", reference, actual, "--ignore", "0,0,99999999999999999999999,1000000000000"])
        #expect(everything.status == 0, "\(everything.stdout)")
    }

    @Test func malformedOrNegativeIgnoreIsAUsageErrorNamingIt() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (reference, actual) = try Self.pair(folder)
        for value in ["1,2,3", "1,2,3,4,5", "a,b,c,d", "-1,0,5,5", "0,0,-5,5", "0,0,5,-1", "1.5,0,2,2", "0,,2,2", ""] {
            let run = try RenderCommandTests.run(["compare", reference, actual, "--ignore", value])
            #expect(run.status == 64 && run.stderr.contains("--ignore"), "\(value): \(run.status) \(run.stderr)")
        }
        let equals = try RenderCommandTests.run(["compare", reference, actual, "--ignore=-3,0,5,5"])
        #expect(equals.status == 64 && equals.stderr.contains("--ignore '-3,0,5,5'"), "\(equals.stderr)")
    }

    @Test func aMaskIgnoresWhereItsAlphaIsNotZero() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (reference, actual) = try Self.pair(folder)
        // Alpha 1 over the first square (colour is not looked at), transparent elsewhere.
        var mask = Bitmap(width: 120, height: 80)
        mask.fill(PixelRect(minX: 70, minY: 5, maxX: 80, maxY: 15), with: Color(red: 0, green: 0, blue: 0, alpha: 1))
        let maskPath = try CompareCommandTests.write(mask, folder, "mask.png")
        let masked = try RenderCommandTests.run(["compare", reference, actual, "--mask", maskPath])
        #expect(masked.status == 1 && masked.stdout.contains("100 of 9600 pixels differ"), "\(masked.stdout)")
        #expect(masked.stdout.contains("100 differing pixels in ignored regions"))
        let withRect = try RenderCommandTests.run(["compare", reference, actual, "--mask", maskPath, "--ignore", "10,40,10,10"])
        #expect(withRect.status == 0, "\(withRect.stdout)")

        // Another size: the pair is changed, naming both sizes, even when the pixels are equal.
        let small = try CompareCommandTests.write(TestImages.solid(10, 8), folder, "small-mask.png")
        for target in [actual, reference] {
            let other = try RenderCommandTests.run(["compare", reference, target, "--mask", small])
            #expect(other.status == 1 && other.stdout.contains("10x8") && other.stdout.contains("120x80"), "\(other.stdout)")
        }
        // Unreadable: exit 2 naming --mask.
        let corrupt = folder.appendingPathComponent("corrupt.png").path
        try Data("\u{89}PNG\r\n\u{1A}\nbroken".utf8).write(to: URL(fileURLWithPath: corrupt))
        for path in [corrupt, folder.appendingPathComponent("missing.png").path] {
            let run = try RenderCommandTests.run(["compare", reference, actual, "--mask", path])
            #expect(run.status == 2 && run.stderr.contains("error: --mask \(path):"), "\(run.stderr)")
        }
        let help = try RenderCommandTests.run(["compare", "--help"])
        #expect(help.stdout.contains("alpha is not 0"), "\(help.stdout)")
    }

    /// Folders: every pair gets the options; each rectangle is clipped to each image;
    /// a mask of another size than one pair makes that pair changed.
    @Test func optionsApplyToEveryPairOfTwoFolders() throws {
        let root = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let reference = root.appendingPathComponent("ref")
        let actual = root.appendingPathComponent("actual")
        for (name, image) in [("big.png", Self.base), ("small.png", TestImages.solid(40, 20))] {
            try CompareFolderTests.write(image, reference, name)
            try CompareFolderTests.write(TestImages.withSquare(image, at: 30, 10), actual, name)
        }
        let run = try RenderCommandTests.run(["compare", reference.path, actual.path, "--ignore", "30,10,200,200", "--json"])
        #expect(run.status == 0, "\(run.stdout)")
        let files = CompareFolderTests.files(try CompareFolderTests.json(run.stdout))
        #expect(files["big.png"]?["ignoredPixelCount"] as? Int == 90 * 70)
        #expect(files["small.png"]?["ignoredPixelCount"] as? Int == 10 * 10)
        #expect(files["small.png"]?["ignoredDifferingPixelCount"] as? Int == 100)

        let mask = try CompareCommandTests.write(Bitmap(width: 120, height: 80, fill: .clear), root, "mask.png")
        let masked = try RenderCommandTests.run(["compare", reference.path, actual.path, "--mask", mask, "--json"])
        let maskedFiles = CompareFolderTests.files(try CompareFolderTests.json(masked.stdout))
        #expect(masked.status == 1 && maskedFiles["big.png"]?["status"] as? String == "changed")
        let small = try #require(maskedFiles["small.png"])
        #expect(small["status"] as? String == "changed" && small["pixelCount"] == nil)
        let reason = small["regionError"] as? String ?? ""
        #expect(reason.contains("120x80") && reason.contains("40x20"), "\(reason)")
    }

    /// The report's statistics leave ignored pixels out, as the verdict does.
    @Test func changedRegionsLeaveIgnoredPixelsOut() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (reference, actual) = try Self.pair(folder)
        let run = try RenderCommandTests.run(["compare", reference, actual, "--ignore", "70,5,10,10", "--json"])
        let file = try #require(CompareFolderTests.files(try CompareFolderTests.json(run.stdout))["actual.png"])
        #expect(file["boxes"] as? [[String: Int]] == [["x": 10, "y": 40, "width": 10, "height": 10]])
        #expect(file["differingPixelCount"] as? Int == 100)
    }
}
