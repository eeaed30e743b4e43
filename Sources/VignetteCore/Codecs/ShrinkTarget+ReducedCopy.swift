import Foundation

extension ShrinkTarget {
    /// The target that decodes a whole `size` image reduced by `factor`
    /// (each side rounding up) and no further: the reduced copy a pipeline
    /// keeps with `reducedCopies`. It stretches to fill, so a decoder keeps
    /// every column and picks exactly `factor` when it offers it.
    package static func wholeImage(_ size: PixelSize, reducedBy factor: Int) -> ShrinkTarget {
        let factor = max(1, factor)
        return ShrinkTarget(
            size: PixelSize(width: (size.width + factor - 1) / factor, height: (size.height + factor - 1) / factor),
            contentMode: .scaleToFill)
    }

    /// The reduction (1, 2, 4 or 8) of the reduced copy a render of this
    /// target reads from an image whose full decode is `size`: the
    /// smallest copy that still has the pixels the render draws. It
    /// depends on the sizes alone, never on what a cache holds.
    package func reducedCopyFactor(for size: PixelSize) -> Int {
        largestReduction(width: size.width, height: size.height, factors: [1, 2, 4, 8])
    }
}

extension ImageInfo {
    /// The size of a full decode of `data` (turned by its orientation when
    /// `oriented`), from the header alone; nil when no decoder recognises
    /// the bytes or Vignette does not read that format's header.
    package static func decodedSize(of data: Data, decoders: ImageDecoders, oriented: Bool) -> PixelSize? {
        guard let decoder = decoders.decoder(for: data), let facts = HeaderFacts.read(data, format: decoder.format) else {
            return nil
        }
        let swaps = oriented && facts.orientation.swapsDimensions
        return PixelSize(width: swaps ? facts.height : facts.width, height: swaps ? facts.width : facts.height)
    }
}
