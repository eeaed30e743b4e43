import SnapshotTesting
import VignetteCore

/// Every frame of an animation on one sheet, left to right and wrapping
/// after `columns` frames, each labelled under it with its index and
/// duration (`#2 60 ms`), and a title line with the frame count, total
/// duration and loop count — so an animated render is one reviewable PNG
/// reference. Frames are drawn like `LabelledSheet`'s images (over a light
/// checkerboard, framed) at their pixel size; integer layout only, so the
/// sheet is the same bytes everywhere.
///
/// ```swift
/// let sheet = AnimationSheet(columns: 4).render(animation)
/// await assertImageSnapshot(of: animation, as: .frames(columns: 4))
/// ```
public struct AnimationSheet: Sendable {
    /// Frames per row (at least 1).
    public var columns: Int
    /// Pixels per font pixel of the labels.
    public var labelScale: Int

    /// A sheet layout.
    public init(columns: Int = 4, labelScale: Int = 1) {
        self.columns = max(1, columns)
        self.labelScale = max(1, labelScale)
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

    /// The sheet, at scale 1.
    public func render(_ animation: AnimatedImage) -> Bitmap {
        let gap = LabelledSheet.gap
        let text = LabelFont.height(scale: labelScale)
        let frame = animation.pixelSize
        let labels = animation.frames.enumerated().map {
            Self.label(index: $0.offset, durationMilliseconds: $0.element.durationMilliseconds)
        }
        let title = Self.title(of: animation)
        let slotWidth = max(frame.width + 2, labels.map { LabelFont.width(of: $0, scale: labelScale) }.max() ?? 0)
        let slotHeight = frame.height + 2 + gap / 2 + text
        let across = min(columns, labels.count)
        let down = (labels.count + across - 1) / across
        let width = max(gap + across * (slotWidth + gap), 2 * gap + LabelFont.width(of: title, scale: labelScale))
        let height = gap + text + gap + down * (slotHeight + gap)
        var sheet = Bitmap(width: width, height: height, fill: LabelledSheet.paper)
        LabelFont.draw(title, into: &sheet, x: gap, y: gap, color: LabelledSheet.ink, scale: labelScale)
        for (index, shown) in animation.frames.enumerated() {
            let left = gap + index % across * (slotWidth + gap)
            let top = gap + text + gap + index / across * (slotHeight + gap)
            LabelledSheet.place(shown.bitmap, on: &sheet, x: left + (slotWidth - frame.width) / 2, y: top + 1)
            let label = labels[index]
            LabelFont.draw(
                label, into: &sheet, x: left + (slotWidth - LabelFont.width(of: label, scale: labelScale)) / 2,
                y: top + frame.height + 2 + gap / 2, color: LabelledSheet.ink, scale: labelScale)
        }
        return sheet
    }
}

extension Snapshotting where Value == AnimatedImage, Format == Bitmap {
    /// Every frame of an animation on one labelled sheet (`AnimationSheet`):
    /// four frames to a row, each with its index and duration.
    public static var frames: Snapshotting<AnimatedImage, Bitmap> { .frames() }

    /// Every frame on one labelled sheet with `columns` frames to a row,
    /// compared as a PNG with `precision`, `perceptualPrecision`, `antiAliasing`
    /// and `maxDifferentPixels` (nil: the scope's default, see `ImageSnapshotDefaults`).
    ///
    /// ```swift
    /// await assertImageSnapshot(of: animation, as: .frames(columns: 6, perceptualPrecision: 0.98))
    /// ```
    public static func frames(
        columns: Int = 4, labelScale: Int = 1, precision: Double? = nil, perceptualPrecision: Double? = nil,
        antiAliasing: ImageComparison.AntiAliasing? = nil, maxDifferentPixels: Int? = nil
    ) -> Snapshotting<AnimatedImage, Bitmap> {
        let sheet = AnimationSheet(columns: columns, labelScale: labelScale)
        return Snapshotting<Bitmap, Bitmap>.image(
            precision: precision, perceptualPrecision: perceptualPrecision, antiAliasing: antiAliasing,
            maxDifferentPixels: maxDifferentPixels
        )
        .pullback { animation in sheet.render(animation) }
    }
}
