import Foundation
import Testing
@testable import Vignette

/// The libdeflate fast path must give exactly libpng's pixels.
@Suite struct PNGFastPathTests {
    static let files: [URL] = {
        let suite = (try? FileManager.default.contentsOfDirectory(at: Fixtures.url("pngsuite"), includingPropertiesForKeys: nil)) ?? []
        let resources = (try? FileManager.default.contentsOfDirectory(
            at: Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources"), includingPropertiesForKeys: nil)) ?? []
        return (suite + resources).filter { $0.pathExtension == "png" && !$0.lastPathComponent.hasPrefix("x") }
            .sorted { $0.path < $1.path }
    }()

    @Test func fastPathIsUsedForCommonFiles() throws {
        let eligible = try Self.files.filter { PNGFastPath.applies(to: try PNGCodec.header(of: Data(contentsOf: $0))) }
        #expect(eligible.count >= 20)
        #expect(eligible.contains { $0.lastPathComponent == "product-parrots.png" })
    }

    @Test func fastPathMatchesLibpngOnEveryFile() throws {
        for url in Self.files {
            let data = try Data(contentsOf: url)
            let fast = try PNGCodec.decodeStraightRGBA(data, maxPixelCount: 1 << 26, allowFastPath: true)
            let slow = try PNGCodec.decodeStraightRGBA(data, maxPixelCount: 1 << 26, allowFastPath: false)
            #expect(fast.pixels == slow.pixels, "\(url.lastPathComponent)")
        }
    }

    /// Every filter type, in both RGB and RGBA, written by our own encoder.
    @Test(arguments: [PNGCodec.EncodingOptions.Filters.none, .sub, .up, .average, .paeth, .all])
    func everyFilterRoundTrips(filter: PNGCodec.EncodingOptions.Filters) throws {
        let opaque = TestImages.gradient(67, 31)
        var translucent = opaque
        translucent.pixels = opaque.pixels.enumerated().map { $0.offset % 4 == 3 ? UInt8($0.offset / 4 % 256) : 0 }
        for image in [opaque, translucent] {
            let data = try PNGCodec.encode(image, options: .init(level: 6, filters: filter))
            let header = try PNGCodec.header(of: data)
            #expect(PNGFastPath.applies(to: header))
            #expect(try PNGCodec.decode(data) == image)
        }
    }
}
