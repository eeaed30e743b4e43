import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// The reduced copies a pipeline keeps with `reducedCopies`: which copy a
/// target reads (from sizes alone) and the quality of a render from it.
struct ReducedCopyTests {
    private let full = PixelSize(width: 768, height: 512)

    private func fill(_ width: Int, _ height: Int) -> ShrinkTarget {
        ShrinkTarget(size: PixelSize(width: width, height: height), contentMode: .aspectFill, cropsToVisible: true)
    }

    @Test(arguments: [
        (100, 100, 4), (640, 446, 1), (300, 200, 2), (384, 256, 2), (385, 256, 1), (96, 64, 8), (97, 64, 4), (64, 64, 8)
    ])
    func aspectFillReadsTheSmallestCopyThatCoversIt(width: Int, height: Int, factor: Int) {
        #expect(fill(width, height).reducedCopyFactor(for: full) == factor)
    }

    @Test func otherModesAndSizingChooseByTheirOwnCoverage() {
        let fit = ShrinkTarget(size: PixelSize(width: 200, height: 200), contentMode: .aspectFit)
        #expect(fit.reducedCopyFactor(for: full) == 2)  // 200 × 133 drawn: 384 × 256 covers it, 192 × 128 does not
        let corner = ShrinkTarget(size: PixelSize(width: 100, height: 100), contentMode: .topLeft)
        #expect(corner.reducedCopyFactor(for: full) == 1)  // drawn 1:1
        #expect(fill(100, 100).reducedCopyFactor(for: PixelSize(width: 6000, height: 4000)) == 8)
    }

    @Test func theWholeImageTargetDecodesExactlyThatFactorAndEveryColumn() throws {
        let jpeg = try JPEGCodec.encode(try TestImages.photo(), options: .init(quality: 95))
        for factor in [1, 2, 4, 8] {
            let target = ShrinkTarget.wholeImage(full, reducedBy: factor)
            #expect(target.largestReduction(width: 768, height: 512) == factor)
            #expect(target.visibleColumns(width: 768 / factor, height: 512 / factor) == nil)
            let copy = try JPEGCodec.decode(jpeg, options: DecodingOptions(scale: 2, shrinkTarget: target))
            #expect(copy.width == 768 / factor && copy.height == 512 / factor)
            #expect(copy.scale == 2 / Double(factor))
        }
        #expect(ImageInfo.decodedSize(of: jpeg, decoders: .standard, oriented: true) == full)
    }

    /// The rendering contract's bar, held for a render from the copy its
    /// size chooses: ≥ 38 dB against a Lanczos-3 of the full-size decode.
    @Test(arguments: [(384, 256), (300, 200), (192, 128), (150, 100), (96, 64)])
    func aRenderFromTheCopyIsWithin38dBOfLanczos3FromFullSize(width: Int, height: Int) throws {
        let jpeg = try JPEGCodec.encode(try TestImages.photo(), options: .init(quality: 95))
        let fullSize = try JPEGCodec.decode(jpeg)
        let factor = fill(width, height).reducedCopyFactor(for: full)
        #expect(factor > 1)
        let copy = try JPEGCodec.decode(jpeg, options: DecodingOptions(shrinkTarget: .wholeImage(full, reducedBy: factor)))
        let out = try ImageRenderer.render(
            ImageDescriptor(copy, contentMode: .aspectFill), size: Size(width: Double(width), height: Double(height)), scale: 1)
        let psnr = ReferenceResampler.psnr(out.pixels, ReferenceResampler.lanczos3(fullSize, width: width, height: height))
        #expect(psnr >= 38, "PSNR \(psnr) dB at \(width)x\(height) from the 1/\(factor) copy")
    }
}
