import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// DCT-domain shrink-on-load: photo.jpg is 203×135, so 1/2, 1/4 and 1/8
/// give 102×68, 51×34 and 26×17 (libjpeg rounds each side up).
@Suite struct JPEGShrinkOnLoadTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let target: ShrinkTarget?
        let factor: Int
        var testDescription: String {
            target.map { "\($0.contentMode) \($0.size.width)x\($0.size.height) -> 1/\(factor)" } ?? "none -> 1/1"
        }
    }

    static let cases: [Case] = [
        Case(target: nil, factor: 1),
        Case(target: ShrinkTarget(size: PixelSize(width: 26, height: 17), contentMode: .scaleToFill), factor: 8),
        Case(target: ShrinkTarget(size: PixelSize(width: 27, height: 17), contentMode: .scaleToFill), factor: 4),
        Case(target: ShrinkTarget(size: PixelSize(width: 50, height: 33), contentMode: .aspectFill), factor: 4),
        Case(target: ShrinkTarget(size: PixelSize(width: 51, height: 34), contentMode: .aspectFill), factor: 2),
        Case(target: ShrinkTarget(size: PixelSize(width: 100, height: 100), contentMode: .aspectFit), factor: 2),
        Case(target: ShrinkTarget(size: PixelSize(width: 100, height: 100), contentMode: .aspectFill), factor: 1),
        Case(target: ShrinkTarget(size: PixelSize(width: 10, height: 10), contentMode: .center), factor: 1),
        Case(target: ShrinkTarget(size: PixelSize(width: 1, height: 1), contentMode: .scaleToFill), factor: 8)
    ]

    @Test(arguments: cases)
    func picksTheLargestCoveringFactorAndMatchesPillow(_ c: Case) throws {
        for fixture in ["photo.jpg", "photo-progressive.jpg"] {
            let data = try JPEGFixtures.data(fixture)
            let options = DecodingOptions(scale: 2, shrinkTarget: c.target)
            #expect(JPEGCodec.reduction(for: try JPEGCodec.header(of: data), options: options) == c.factor)
            let bitmap = try JPEGCodec.decode(data, options: options)
            #expect(bitmap.scale == 2 / Double(c.factor))
            // The size in points is the full decode's, up to libjpeg rounding each side up.
            #expect(abs(bitmap.size.width - 101.5) <= Double(c.factor) / 2 && abs(bitmap.size.height - 67.5) <= Double(c.factor) / 2)
            let difference = JPEGFixtures.firstDifference(bitmap, try JPEGFixtures.reference("photo@1_\(c.factor).png"))
            #expect(difference == nil, "\(fixture) at 1/\(c.factor): \(difference ?? "")")
        }
    }

    @Test func factorIsJudgedOnTheOrientedImage() throws {
        // Turned a quarter (orientation 6) the photo displays 135×203: a 17×26 target allows 1/8.
        let data = JPEGFixtures.inserting(0xE1, JPEGFixtures.exifPayload(orientation: 6), into: try JPEGFixtures.data("photo.jpg"))
        let target = ShrinkTarget(size: PixelSize(width: 17, height: 26), contentMode: .scaleToFill)
        let oriented = try JPEGCodec.decode(data, options: DecodingOptions(shrinkTarget: target))
        #expect((oriented.width, oriented.height, oriented.scale) == (17, 26, 1.0 / 8))
        // Stored upright (orientation ignored), 203×135 must cover 17×26: only 1/4 does.
        let stored = try JPEGCodec.decode(data, options: DecodingOptions(shrinkTarget: target, appliesOrientation: false))
        #expect((stored.width, stored.height) == (51, 34))
    }

    @Test func limitIsCheckedOnTheFullImageEvenWhenShrinking() throws {
        let data = try JPEGFixtures.data("photo.jpg")
        let target = ShrinkTarget(size: PixelSize(width: 26, height: 17), contentMode: .scaleToFill)
        #expect(throws: JPEGCodec.Error.tooLarge(width: 203, height: 135, limit: 27_000)) {
            try JPEGCodec.decode(data, options: DecodingOptions(maxPixelCount: 27_000, shrinkTarget: target))
        }
    }
}
