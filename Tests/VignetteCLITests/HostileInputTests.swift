import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// Issue 11's hostile PNGs through the CLI, each in a child process whose
/// peak RSS and time are measured (`MeasuredRun`): every one ends with an
/// exit status, never a signal, within 10 s of CPU time and 512 MiB (the
/// 66-byte header within 128 MiB). CPU time, not wall time: a loaded
/// machine does not count against the work bound.
@Suite(.serialized) struct HostileInputTests {
    static let budget = 512 << 20

    static func write(_ bytes: [UInt8], _ folder: URL, _ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func expectBounded(_ run: MeasuredRun, memory: Int = budget, time: Duration = .seconds(10), _ what: String) {
        #expect(run.signal == nil, "\(what): killed by signal \(run.signal ?? 0)")
        #expect(run.cpuTime < time, "\(what): took \(run.cpuTime) of CPU time")
        #expect(run.peakRSS < memory, "\(what): peak RSS \(run.peakMiB) MiB")
    }

    @Test func aMillionPixelWideOneBitPNGIsRefusedByTheSideLimit() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = HostileFiles.wideOneBit(width: 1_000_000, height: 100)
        #expect(file.count < 16_000)
        let input = try Self.write(file, folder, "wide.png")
        let output = folder.appendingPathComponent("out.png").path
        let run = try MeasuredRun.vignette(["render", input, "--size", "1000x1000", "-o", output])
        Self.expectBounded(run, "1,000,000 × 100 render")
        #expect(run.status == 1)
        #expect(run.stderr.contains("image is 1000000x100: a side is over the limit of 65535 pixels"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aZTXtBombRendersWithoutInflatingItsText() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.write(HostileFiles.zTXtBomb(), folder, "bomb.png")
        let output = folder.appendingPathComponent("out.png").path
        let run = try MeasuredRun.vignette(["render", input, "--size", "4x4", "-o", output])
        // Inflating the text took 9–10 s even here; skipped unread, well under a second.
        Self.expectBounded(run, time: .seconds(3), "zTXt bomb render")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try PNGCodec.decode(contentsOf: output).pixels.prefix(4) == [0x80, 0x80, 0x80, 255])
    }

    @Test func aSixtySixByteHeaderOfAHundredMegapixelsCostsNothing() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for colorType: UInt8 in [6, 0] {
            let file = HostileFiles.lyingHeader(colorType: colorType)
            #expect(file.count == 66)
            let input = try Self.write(file, folder, "header-\(colorType).png")
            let run = try MeasuredRun.vignette([
                "render", input, "--size", "1000x1000",
                "-o", folder.appendingPathComponent("out.png").path
            ])
            Self.expectBounded(run, memory: 128 << 20, "66-byte 10000 × 10000 header, colour type \(colorType)")
            #expect(run.status == 1)
            #expect(run.stderr.contains("corrupt PNG"), "\(run.stderr)")
        }
    }

    @Test func comparingLongThinImagesNeverAllocatesTheirSideBySide() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let diff = folder.appendingPathComponent("diff.png").path
        // Past the side limit: neither file decodes.
        let wide = try Self.write(HostileFiles.grey(width: 1_000_000, height: 1), folder, "wide.png")
        let tall = try Self.write(HostileFiles.grey(width: 1, height: 1_000_000), folder, "tall.png")
        let refused = try MeasuredRun.vignette(["compare", wide, tall, "--diff", diff])
        Self.expectBounded(refused, "compare 1e6 × 1 with 1 × 1e6")
        #expect(refused.status == 2 && refused.stderr.contains("a side is over the limit of 65535 pixels"), "\(refused.stderr)")
        // Within it, the sheet would be 60025 × 60016: over the artifact budget.
        let wide60k = try Self.write(HostileFiles.grey(width: 60_000, height: 1), folder, "wide60k.png")
        let tall60k = try Self.write(HostileFiles.grey(width: 1, height: 60_000), folder, "tall60k.png")
        let over = try MeasuredRun.vignette(["compare", wide60k, tall60k, "--diff", diff])
        Self.expectBounded(over, "compare 60000 × 1 with 1 × 60000 --diff")
        #expect(over.status == 2)
        #expect(over.stdout.contains("sizes differ"), "\(over.stdout)")
        #expect(over.stderr.contains("60025x60016 = 3602460400 pixels, over the budget of 100000000 pixels"), "\(over.stderr)")
        #expect(!FileManager.default.fileExists(atPath: diff))
        let plain = try MeasuredRun.vignette(["compare", wide60k, tall60k])
        Self.expectBounded(plain, "compare 60000 × 1 with 1 × 60000")
        #expect(plain.status == 1)
    }
}
