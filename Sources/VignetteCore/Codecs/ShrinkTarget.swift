/// The pixels a render will need: a decoder may shrink on load while the
/// image still covers `size` under `contentMode`.
public struct ShrinkTarget: Sendable, Hashable {
    /// The surface's size in pixels.
    public var size: PixelSize
    /// How the image is laid out in it (aspectFit needs fewer pixels than aspectFill).
    public var contentMode: ContentMode
    /// For aspectFill, a decoder may also leave out the columns the render
    /// never shows (`visibleColumns`): the bitmap is then the centred part
    /// of the image, which aspectFill draws the same. Surfaces ask for it.
    public var cropsToVisible: Bool
    /// The render's sizing rules: with `enlarge` off or `extend` off, or an
    /// open side (a `size` side of 0), a reduction must also keep the canvas
    /// the full image would make.
    public var sizing: Sizing

    /// A target.
    public init(size: PixelSize, contentMode: ContentMode, cropsToVisible: Bool = false, sizing: Sizing = .standard) {
        self.size = size
        self.contentMode = contentMode
        self.cropsToVisible = cropsToVisible
        self.sizing = sizing
    }

    /// True when the render lays the image out as UIKit does: both sides
    /// given, `enlarge` and `extend` on.
    var isUIKitLayout: Bool { sizing.enlarge && sizing.extend && size.width > 0 && size.height > 0 }

    /// The columns of a `width × height` image (as displayed) an aspectFill
    /// render of this target reads when `cropsToVisible`: the centred part
    /// it shows plus a margin for the widest built-in filter (Lanczos-3),
    /// cut symmetrically so the centre stays put, and where the cut lands
    /// on (nearly) whole target pixels, so the render's edge snapping
    /// places the crop as it placed the whole image. nil when every column
    /// (or nearly) is shown, or for any other mode.
    package func visibleColumns(width: Int, height: Int) -> Range<Int>? {
        guard cropsToVisible, contentMode == .aspectFill, isUIKitLayout, width > 0, height > 0,
            size.width > 0, size.height > 0
        else { return nil }
        let scale = max(Double(size.width) / Double(width), Double(size.height) / Double(height))
        let shown = Double(size.width) / scale
        let margin = Int((3 * max(1, 1 / scale)).rounded(.up)) + 2
        let widest = (width - Int(shown.rounded(.up)) - 2 * margin) / 2  // the most columns cut on each side
        guard widest >= 8 else { return nil }  // too little to leave out to be worth a crop
        // Of the cuts within 16 columns of the widest, the one closest to whole target pixels.
        let cut =
            (max(8, widest - 16)...widest).min { a, b in
                let da = abs(Double(a) * scale - (Double(a) * scale).rounded())
                let db = abs(Double(b) * scale - (Double(b) * scale).rounded())
                return da < db || (da == db && a > b)
            } ?? widest
        return cut..<width - cut
    }

    /// The largest of `factors` (e.g. 1, 2, 4, 8) by which an image of
    /// `width × height` pixels (as oriented) may be reduced, each side
    /// rounding up, and still give at least the pixels the render draws.
    /// Modes that keep the image's own size (center, corners, edges) draw
    /// it 1:1 and allow no reduction.
    /// With an open side or `Sizing` beyond UIKit's, a factor must also
    /// give the canvas the full image gives (see `sizedReduction`).
    package func largestReduction(width: Int, height: Int, factors: [Int] = [1, 2, 4, 8]) -> Int {
        guard isUIKitLayout else { return sizedReduction(width: width, height: height, factors: factors) }
        guard width > 0, height > 0, size.width > 0, size.height > 0 else { return 1 }
        let needed: (width: Double, height: Double)
        let rx = Double(size.width) / Double(width)
        let ry = Double(size.height) / Double(height)
        switch contentMode {
        case .scaleToFill: needed = (Double(size.width), Double(size.height))
        case .aspectFit: needed = (Double(width) * min(rx, ry), Double(height) * min(rx, ry))
        case .aspectFill: needed = (Double(width) * max(rx, ry), Double(height) * max(rx, ry))
        default: return 1
        }
        return factors.filter { factor in
            factor >= 1 && Double((width + factor - 1) / factor) >= needed.width.rounded(.up)
                && Double((height + factor - 1) / factor) >= needed.height.rounded(.up)
        }.max() ?? 1
    }

    /// `largestReduction` beyond UIKit's layout: for aspectFit, aspectFill
    /// and scaleToFill with at most one open side, the largest factor whose
    /// image (each side rounding up, its scale divided by the factor) still
    /// has every pixel the render draws and makes the same canvas as the
    /// full image. Anything else (fixed-size modes, both sides open) keeps
    /// the full image: it is drawn at its own size there.
    func sizedReduction(width: Int, height: Int, factors: [Int]) -> Int {
        let open = (width: size.width == 0, height: size.height == 0)
        guard width > 0, height > 0, size.width >= 0, size.height >= 0, !(open.width && open.height) else { return 1 }
        switch contentMode {
        case .aspectFit, .aspectFill, .scaleToFill: break
        default: return 1
        }
        // In the surface's pixels at scale 1; a reduced image keeps the full one's size in points.
        func frame(_ factor: Int) -> (RenderLayout.Frame, PixelSize) {
            let pixels = PixelSize(width: (width + factor - 1) / factor, height: (height + factor - 1) / factor)
            let points = Size(width: Double(pixels.width * factor), height: Double(pixels.height * factor))
            let frame = RenderLayout.frame(
                imageSize: points, pixels: pixels, mode: contentMode, sizing: sizing,
                size: Size(width: Double(size.width), height: Double(size.height)), scale: 1)
            return (frame, pixels)
        }
        let (full, _) = frame(1)
        return factors.filter { factor in
            guard factor >= 1 else { return false }
            let (reduced, pixels) = frame(factor)
            return reduced.width == full.width && reduced.height == full.height
                && Double(pixels.width) >= full.rect.size.width.rounded(.up)
                && Double(pixels.height) >= full.rect.size.height.rounded(.up)
        }.max() ?? 1
    }
}
