import ArgumentParser
import Foundation
import Vignette
import VignetteServer

/// The presentation beyond UIKit's four for `vignette render`: focus,
/// shape, border, overlays, effects and sizing. The argument parser reads
/// each option's values; `ordered(in:)` recovers the order between the
/// overlay and effect options from the raw argument list.
struct PresentationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Which part a cropping layout keeps: an anchor (center, top, bottom, left, right, top-left, top-right, "
                + "bottom-left, bottom-right), smart, or X,Y fractions of the image (a focal point).",
            valueName: "POS|smart|X,Y"),
        transform: Syntax.focus)
    var focus: Focus?

    @Option(
        help: ArgumentHelp("Clip the surface to this shape (R: corner radius in points).", valueName: "rect|circle|capsule|rounded:R"), transform: Syntax.shape)
    var shape: ImageShape?

    @Option(help: ArgumentHelp("Draw a border this many points wide inside the shape's edge.", valueName: "W"), transform: Syntax.nonNegative)
    var borderWidth: Double?

    @Option(help: ArgumentHelp("The border's colour (default #000000; needs --border-width).", valueName: "#RRGGBB[AA]"), transform: Arguments.color)
    var borderColor: Color?

    @Option(help: ArgumentHelp("Draw this image file above the image (repeatable; the --overlay-* options after it apply to it).", valueName: "FILE"))
    var overlay: [String] = []

    @Option(
        help: ArgumentHelp(
            "Draw this text above the image (repeatable; \\n starts a line; the --overlay-* options after it apply to it, "
                + "--overlay-size is its box: lines wrap to W).",
            valueName: "TEXT"))
    var overlayText: [String] = []

    @Option(
        help: ArgumentHelp(
            "The text overlay's font, CSS's shorthand (default 16 pt in the bundled Noto Sans unless FAMILY names a --font-dir family).",
            valueName: "[italic] [bold|WEIGHT] SIZE [FAMILY, …]"),
        transform: Syntax.font)
    var overlayFont: [TextStyle] = []

    @Option(help: ArgumentHelp("The text overlay's colour (default #000000).", valueName: "#RRGGBB[AA]"), transform: Arguments.color)
    var overlayColor: [Color] = []

    @Option(help: ArgumentHelp("The text overlay's most lines; the last one shown ends in … when text is left out.", valueName: "N"))
    var overlayMaxLines: [Int] = []

    @Option(
        help: ArgumentHelp("How the text overlay's lines align in its box (default leading).", valueName: "leading|center|trailing|left|right"),
        transform: Syntax.alignment)
    var overlayAlign: [TextAlignment] = []

    @Option(help: ArgumentHelp("Where the overlay before it sits (default center).", valueName: "POS"), transform: Syntax.anchor)
    var overlayPosition: [Anchor] = []

    @Option(
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Move the overlay before it by X,Y points (+x right, +y down; -8,-8 at bottom-right is 8 pt inside).", valueName: "X,Y"),
        transform: Syntax.offset)
    var overlayOffset: [Point] = []

    @Option(help: ArgumentHelp("The overlay's box in points, fitted (default: its pixels ÷ its @Nx).", valueName: "WxH"), transform: Syntax.overlaySize)
    var overlaySize: [Size] = []

    @Option(help: ArgumentHelp("The overlay's opacity, 0...1 (default 1).", valueName: "A"), transform: Syntax.opacity)
    var overlayOpacity: [Double] = []

    @Flag(help: "Tile the overlay before it over the whole surface, edge to edge.")
    var overlayTile: Int

    @Flag(help: "Draw the overlay before it whole, above the shape's clip and the border (a badge on a circle's edge).")
    var overlayUnclipped: Int

    @Option(help: ArgumentHelp("Gaussian blur of the image, σ in points (effects apply in the order given).", valueName: "SIGMA"), transform: Syntax.blur)
    var blur: [Double] = []

    @Flag(help: "Grayscale the image (Rec. 709 luma).")
    var grayscale: Int

    @Option(help: ArgumentHelp("Unsharp mask, 0...10 (1 adds 100 % of the detail).", valueName: "AMOUNT"), transform: Syntax.sharpen)
    var sharpen: [Double] = []

    @Flag(name: .customLong("no-enlarge"), help: "Never draw the image larger than its own pixels.")
    var noEnlarge = false

    @Flag(name: .customLong("no-extend"), help: "Shrink the surface to what the image covers instead of letterboxing.")
    var noExtend = false

    @Flag(help: "With --no-extend: keep the requested aspect ratio.")
    var extendAspectRatio = false

    @Flag(help: "With --mode aspectFill: when the image would be drawn smaller than the surface, shrink the surface, keeping its aspect ratio.")
    var fillDown = false

    func validate() throws {
        if borderColor != nil && borderWidth == nil { throw ValidationError("--border-color needs --border-width W") }
        if extendAspectRatio && !noExtend { throw ValidationError("--extend-aspect-ratio applies only with --no-extend") }
        guard overlay.count + overlayText.count <= ImageOverlay.maxCount else {
            throw ValidationError("--overlay, --overlay-text: at most \(ImageOverlay.maxCount) overlays (\(overlay.count + overlayText.count) given)")
        }
        if let lines = overlayMaxLines.first(where: { $0 < 1 }) { throw ValidationError("--overlay-max-lines \(lines): give at least 1") }
    }

    /// The border, if any.
    var border: Border? {
        borderWidth.map { Border(width: $0, color: borderColor ?? Color(red: 0, green: 0, blue: 0)) }
    }

    /// The sizing rules the flags give.
    var sizing: Sizing {
        Sizing(enlarge: !noEnlarge, extend: !noExtend, extendAspectRatio: extendAspectRatio, fillDown: fillDown)
    }

    /// One overlay as the command line gives it: a file (read in `run`) or text.
    struct OverlaySpec: Sendable, Hashable {
        var path: String
        var text: String?
        var style = TextStyle()
        var maxLines: Int?
        var anchor: Anchor = .center
        var offset = Point(x: 0, y: 0)
        var size: Size?
        var opacity = 1.0
        var tiled = false
        var clipsToShape = true

        /// The overlay over a decoded image, fitted into `size` when given.
        func overlay(_ image: Bitmap) -> ImageOverlay {
            ImageOverlay(
                ImageDescriptor(image, contentMode: .aspectFit).erased, anchor: anchor, offset: offset, size: size,
                opacity: opacity, tiled: tiled, clipsToShape: clipsToShape)
        }

        /// A text overlay, drawn with `fonts`; `--overlay-size` is its box (a side of 0 is open).
        func textOverlay(_ text: String, fonts: FontCollection) -> ImageOverlay {
            let width = size.flatMap { $0.width > 0 ? $0.width : nil }
            let height = size.flatMap { $0.height > 0 ? $0.height : nil }
            let image = TextImage(
                text.replacingOccurrences(of: "\\n", with: "\n"), style: style, width: width, height: height, maxLines: maxLines, fonts: fonts)
            return ImageOverlay(
                ImageDescriptor(image).erased, anchor: anchor, offset: offset, opacity: opacity, tiled: tiled, clipsToShape: clipsToShape)
        }
    }

    /// The overlays and effects in command-line order.
    struct Ordered: Sendable, Hashable {
        var overlays: [OverlaySpec] = []
        var effects: [ImageEffect] = []
    }
}

extension PresentationOptions {
    /// Value parsers: the shared syntax's message, the flag named by the parser (exit 64).
    enum Syntax {
        static func focus(_ text: String) throws -> Focus { try wrap { () throws(PresentationSyntax.Error) in try PresentationSyntax.focus(text) } }
        static func shape(_ text: String) throws -> ImageShape { try wrap { () throws(PresentationSyntax.Error) in try PresentationSyntax.shape(text) } }
        static func anchor(_ text: String) throws -> Anchor { try wrap { () throws(PresentationSyntax.Error) in try PresentationSyntax.anchor(text) } }

        static func nonNegative(_ text: String) throws -> Double {
            guard let value = PresentationSyntax.number(text), value >= 0 else { throw ValidationError("expected a number of points ≥ 0") }
            return value
        }

        static func offset(_ text: String) throws -> Point {
            guard let (x, y) = PresentationSyntax.pair(text) else { throw ValidationError("expected X,Y in points, e.g. -8,-8") }
            return Point(x: x, y: y)
        }

        static func overlaySize(_ text: String) throws -> Size {
            guard let size = PresentationSyntax.size(text) else { throw ValidationError("expected WxH in points, e.g. 24x24") }
            return size
        }

        static func font(_ text: String) throws -> TextStyle {
            var style = TextStyle()
            try wrap { () throws(PresentationSyntax.Error) in try PresentationSyntax.font(text, into: &style) }
            return style
        }

        static func alignment(_ text: String) throws -> TextAlignment {
            try wrap { () throws(PresentationSyntax.Error) in try PresentationSyntax.textAlignment(text) }
        }

        static func opacity(_ text: String) throws -> Double {
            guard let value = PresentationSyntax.number(text), (0...1).contains(value) else { throw ValidationError("expected 0...1") }
            return value
        }

        static func blur(_ text: String) throws -> Double {
            guard let sigma = PresentationSyntax.number(text), ImageEffect.blur(sigma: sigma).isValid else {
                throw ValidationError("expected σ 0...\(Size.format(ImageEffect.maxSigma)) points")
            }
            return sigma
        }

        static func sharpen(_ text: String) throws -> Double {
            guard let amount = PresentationSyntax.number(text), ImageEffect.sharpen(amount: amount).isValid else {
                throw ValidationError("expected an amount 0...\(Size.format(ImageEffect.maxSharpenAmount))")
            }
            return amount
        }

        private static func wrap<T>(_ parse: () throws(PresentationSyntax.Error) -> T) throws -> T {
            do { return try parse() } catch { throw ValidationError(error.description) }
        }
    }
}
