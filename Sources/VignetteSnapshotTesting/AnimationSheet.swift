import SnapshotTesting
import VignetteCore

/// Every frame of an animation on one sheet, left to right and wrapping
/// after `columns` frames, each labelled under it with its index and
/// duration (`#2 60 ms`), and a title line with the frame count, total
/// duration and loop count — so an animated render is one reviewable PNG
/// reference. Frames are drawn like `LabelledSheet`'s images (over a light
/// checkerboard, framed) at their pixel size, and labelled like them in the
/// bundled Noto Sans; integer layout, so the sheet is the same bytes
/// everywhere (and no sheet, but an error naming the library to install,
/// where HarfBuzz or ICU cannot be opened).
///
/// ```swift
/// let sheet = try AnimationSheet(columns: 4).render(animation)
/// await assertImageSnapshot(of: animation, as: .frames(columns: 4))
/// ```
public struct AnimationSheet: Sendable {
    /// Frames per row (at least 1).
    public var columns: Int
    /// The labels' font size in points (pixels: the sheet is drawn at scale 1).
    public var labelSize: Double

    /// A sheet layout, labelled at `labelSize` points.
    public init(columns: Int = 4, labelSize: Double = 11) {
        self.columns = max(1, columns)
        self.labelSize = labelSize
    }

    /// The label under frame `index`: `#index duration ms`.
    package static func label(index: Int, durationMilliseconds: Int) -> String {
        "#\(index) \(durationMilliseconds) ms"
    }

    /// The title line: `4 frames, 220 ms, loops forever` (or `plays once`,
    /// `plays 3 times`).
    package static func title(of animation: AnimatedImage) -> String {
        let count = animation.frames.count
        let plays =
            switch animation.loopCount {
            case 0: "loops forever"
            case 1: "plays once"
            case let n: "plays \(n) times"
            }
        return "\(count) frame\(count == 1 ? "" : "s"), \(animation.durationMilliseconds) ms, \(plays)"
    }

    /// The sheet, at scale 1; throws when the labels cannot be drawn (HarfBuzz or ICU
    /// missing: the error names the library to install; a `labelSize` that is not positive).
    public func render(_ animation: AnimatedImage) throws(TextImage.Error) -> Bitmap {
        let gap = LabelledSheet.gap
        let labels = try SheetLabels(size: labelSize)
        let text = labels.lineHeight
        let frame = animation.pixelSize
        let captions = try animation.frames.enumerated().map { (index, shown) throws(TextImage.Error) in
            try labels.image(Self.label(index: index, durationMilliseconds: shown.durationMilliseconds))
        }
        let title = try labels.image(Self.title(of: animation))
        let slotWidth = max(frame.width + 2, captions.map(\.width).max() ?? 0)
        let slotHeight = frame.height + 2 + gap / 2 + text
        let across = min(columns, captions.count)
        let down = (captions.count + across - 1) / across
        let width = max(gap + across * (slotWidth + gap), 2 * gap + title.width)
        let height = gap + text + gap + down * (slotHeight + gap)
        var sheet = Bitmap(width: width, height: height, fill: LabelledSheet.paper)
        sheet.draw(title, x: gap, y: gap)
        for (index, shown) in animation.frames.enumerated() {
            let left = gap + index % across * (slotWidth + gap)
            let top = gap + text + gap + index / across * (slotHeight + gap)
            LabelledSheet.place(shown.bitmap, on: &sheet, x: left + (slotWidth - frame.width) / 2, y: top + 1)
            let caption = captions[index]
            sheet.draw(caption, x: left + (slotWidth - caption.width) / 2, y: top + frame.height + 2 + gap / 2)
        }
        return sheet
    }
}

extension Snapshotting where Value == AnimatedImage, Format == Bitmap {
    /// Every frame of an animation on one labelled sheet (`AnimationSheet`):
    /// four frames to a row, each with its index and duration.
    public static var frames: Snapshotting<AnimatedImage, Bitmap> { .frames() }

    /// Every frame on one labelled sheet with `columns` frames to a row, labelled at
    /// `labelSize` points, compared as a PNG with `precision`, `perceptualPrecision`,
    /// `antiAliasing` and `maxDifferentPixels` (nil: the scope's default, see `ImageSnapshotDefaults`).
    /// When the labels cannot be drawn (HarfBuzz or ICU missing) the assertion fails
    /// naming the library to install (`assertImageSnapshot` then records nothing).
    ///
    /// ```swift
    /// await assertImageSnapshot(of: animation, as: .frames(columns: 6, perceptualPrecision: 0.98))
    /// ```
    public static func frames(
        columns: Int = 4, labelSize: Double = 11, precision: Double? = nil, perceptualPrecision: Double? = nil,
        antiAliasing: ImageComparison.AntiAliasing? = nil, maxDifferentPixels: Int? = nil
    ) -> Snapshotting<AnimatedImage, Bitmap> {
        let sheet = AnimationSheet(columns: columns, labelSize: labelSize)
        return Snapshotting<Bitmap, Bitmap>.image(
            precision: precision, perceptualPrecision: perceptualPrecision, antiAliasing: antiAliasing,
            maxDifferentPixels: maxDifferentPixels
        )
        .pullback { animation in
            do {
                return try sheet.render(animation)
            } catch {
                SnapshotDelivery.report("could not draw the animation sheet: \(error)")
                return Bitmap(width: 0, height: 0)
            }
        }
    }
}
