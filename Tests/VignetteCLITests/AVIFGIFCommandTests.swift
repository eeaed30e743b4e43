import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// AVIF and GIF through the `vignette` binary: the versions it reports, and
/// AVIF renders that stay byte-identical whichever SIMD kernels libyuv picks
/// (its CPU detection reads `LIBYUV_DISABLE_*` once per process).
@Suite(.serialized) struct AVIFGIFCommandTests {
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = RenderCommandTests.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self))
    }

    @Test func versionsListLibavifAndGiflib() throws {
        let result = try Self.run(["versions"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("libavif \(AVIFCodec.libavifVersion) (") && $0.contains("[dec]") })
        #expect(lines.contains("giflib \(GIFCodec.giflibVersion)"))
    }

    @Test(arguments: ["avif/photo-420.avif", "avif/alpha-420.avif", "gif/offset.gif"])
    func rendersTheSameBytesWithEverySIMDLevel(_ fixture: String) throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [Data] = []
        for (index, environment) in [[:], ["LIBYUV_DISABLE_ASM": "1"], ["LIBYUV_DISABLE_AVX2": "1"]].enumerated() {
            let output = folder.appendingPathComponent("\(index).png")
            let result = try Self.run(
                [
                    "render", Fixtures.url(fixture).path, "--size", "100x80", "--scale", "2",
                    "--mode", "aspectFill", "-o", output.path
                ], environment: environment)
            #expect(result.status == 0)
            outputs.append(try Data(contentsOf: output))
        }
        #expect(outputs.count == 3 && Set(outputs).count == 1, "\(fixture): renders differ between SIMD levels")
        let bitmap = try PNGCodec.decode(contentsOf: folder.appendingPathComponent("0.png").path)
        #expect((bitmap.width, bitmap.height) == (200, 160))
    }
}
