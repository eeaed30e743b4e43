import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// aspectFill decodes that leave out the columns a surface never shows:
/// what is kept, that it is exactly the full decode's pixels there, and
/// that a surface renders the same picture from it.
@Suite struct JPEGCropTests {
    static func target(_ width: Int, _ height: Int, crops: Bool = true) -> ShrinkTarget {
        ShrinkTarget(size: PixelSize(width: width, height: height), contentMode: .aspectFill, cropsToVisible: crops)
    }

    @Test func keptColumnsAreTheShownCentrePlusAFilterMarginCutSymmetrically() throws {
        // 1536×1024 into 600×600: 1024 columns shown, ±8 for Lanczos-3 at 1.7×, so up to
        // 248 cut each side; 244 columns are 142.97 target pixels, the nearest to whole ones.
        let columns = try #require(Self.target(600, 600).visibleColumns(width: 1536, height: 1024))
        #expect(columns == 244..<1292)
        #expect(columns.lowerBound == 1536 - columns.upperBound)
        #expect(Self.target(600, 600, crops: false).visibleColumns(width: 1536, height: 1024) == nil)
        #expect(Self.target(600, 400).visibleColumns(width: 1536, height: 1024) == nil, "nearly every column shows")
        #expect(
            ShrinkTarget(size: PixelSize(width: 600, height: 600), contentMode: .aspectFit, cropsToVisible: true)
                .visibleColumns(width: 1536, height: 1024) == nil)
        #expect(Self.target(600, 600).visibleColumns(width: 1024, height: 1536) == nil, "portrait: rows, not columns")
    }

    @Test(arguments: ["photo.jpg", "photo-progressive.jpg", "s444.jpg", "s422.jpg", "grey.jpg", "cmyk.jpg"])
    func theCropIsTheFullDecodesPixelsInThoseColumns(_ fixture: String) throws {
        let data = try JPEGFixtures.data(fixture)
        let header = try JPEGCodec.header(of: data)
        // A tall, narrow surface shows about a quarter of the columns; smaller ones shrink on load too.
        for divisor in [1, 2, 4, 8] {
            let (w, h) = (max(2, header.height / (4 * divisor)), max(2, header.height / divisor))
            let cropped = try JPEGCodec.decode(data, options: DecodingOptions(shrinkTarget: Self.target(w, h)))
            let full = try JPEGCodec.decode(data, options: DecodingOptions(shrinkTarget: Self.target(w, h, crops: false)))
            guard let columns = Self.target(w, h).visibleColumns(width: full.width, height: full.height) else {
                #expect(cropped == full, "\(fixture) 1/\(divisor): no crop")
                continue
            }
            #expect((cropped.width, cropped.height) == (columns.count, full.height))
            #expect(cropped.scale == full.scale)
            for y in 0..<full.height {
                let row = full.pixels[(y * full.width + columns.lowerBound) * 4..<(y * full.width + columns.upperBound) * 4]
                guard Array(row) == Array(cropped.pixels[y * cropped.width * 4..<(y + 1) * cropped.width * 4]) else {
                    Issue.record("\(fixture) 1/\(divisor): row \(y) differs from the full decode's columns \(columns)")
                    break
                }
            }
        }
    }

    @Test func aSurfaceRendersTheSamePictureFromTheCrop() throws {
        let data = try JPEGFixtures.data("photo.jpg")
        let surfaceSize = Size(width: 30, height: 30)
        var renders: [Bitmap] = []
        for crops in [true, false] {
            let bitmap = try JPEGCodec.decode(data, options: DecodingOptions(scale: 2, shrinkTarget: Self.target(60, 60, crops: crops)))
            renders.append(try ImageRenderer.render(ImageDescriptor(bitmap, contentMode: .aspectFill), size: surfaceSize, scale: 2))
        }
        #expect(renders[0].width == 60 && renders[1].width == 60)
        #expect(JPEGFixtures.psnr(renders[0], renders[1]) >= 40, "\(JPEGFixtures.psnr(renders[0], renders[1])) dB")
    }

    @Test func aQuarterTurnedPhotoIsNotCropped() throws {
        let data = JPEGFixtures.inserting(0xE1, JPEGFixtures.exifPayload(orientation: 6), into: try JPEGFixtures.data("photo.jpg"))
        let bitmap = try JPEGCodec.decode(data, options: DecodingOptions(shrinkTarget: Self.target(40, 40)))
        let plain = try JPEGCodec.decode(data, options: DecodingOptions(shrinkTarget: Self.target(40, 40, crops: false)))
        #expect(bitmap == plain)
    }
}
