import Foundation
import Vignette

/// A text overlay of a preset as the configuration file writes it: the
/// string — the preset's own, or a request's query parameter — its style
/// (the CLI's `--overlay-font` syntax) and its box, drawn with the
/// server's `fonts:`.
///
/// ```yaml
/// overlays:
///   - {text: "© Shop", font: "bold 14 Noto Sans", color: "#FFFFFFAA", position: bottom-right, offset: "-8,-8"}
///   - {text: {param: title, maxLength: 200}, font: "bold 34", color: "#FFFFFF", size: 552x0, maxLines: 2}
/// ```
package struct TextOverlayDefinition: Sendable, Hashable {
    /// Where the string comes from.
    package enum Source: Sendable, Hashable {
        /// The preset's own text.
        case fixed(String)
        /// A query parameter the preset declares.
        case parameter(TextParameter)
    }

    /// Where the string comes from.
    package var source: Source
    /// Font, colour, alignment, spacing, stroke, shadow, direction.
    package var style = TextStyle()
    /// The box's width in points (lines wrap to it); nil: one line per paragraph.
    package var width: Double?
    /// The box's height in points; nil: as tall as the lines.
    package var height: Double?
    /// The most lines drawn, the last ending in an ellipsis when text is left out.
    package var maxLines: Int?
    /// Shrink-to-fit down to this size in points.
    package var minimumSize: Double?
    /// Where the lines sit in a taller box.
    package var verticalAlignment: TextVerticalAlignment = .top
    /// A colour filling the text's box behind it (a price pill).
    package var background: Color?

    /// A text overlay of `source` in the default style.
    package init(source: Source) { self.source = source }

    /// The text image of `string` in this style and box.
    package func image(_ string: String, fonts: FontCollection, limits: TextImage.Limits = TextImage.Limits()) -> TextImage {
        TextImage(
            string, style: style, width: width, height: height, maxLines: maxLines, minimumSize: minimumSize,
            verticalAlignment: verticalAlignment, fonts: fonts, limits: limits)
    }
}

/// A query parameter a preset's text overlay draws (`text: {param: title,
/// maxLength: 200}`): only presets that declare it accept it, it is signed
/// like every parameter, and its budgets are checked before the source is
/// fetched.
package struct TextParameter: Sendable, Hashable {
    /// The query parameter's name.
    package var name: String
    /// The most Unicode scalars the value may have. Default 200.
    package var maxLength = 200
    /// The most glyphs shaped, every shrink-to-fit attempt counted; nil: 20 × `maxLength`.
    package var maxGlyphs: Int?
    /// The most lines laid out (before `maxLines` of the overlay cuts them). Default 20.
    package var maxLines = 20
    /// Whether a request must give it (400 when absent); otherwise the overlay is left out.
    package var required = false
    /// The configuration key that declares it (`presets.og.overlays[1].text`), for messages.
    package var key = ""

    /// A parameter called `name` with the default budgets.
    package init(name: String) { self.name = name }

    /// The budgets as the text's limits: UTF-16 units for `maxLength` scalars, glyphs, lines.
    package var limits: TextImage.Limits {
        TextImage.Limits(maxCharacters: 2 * maxLength, maxGlyphs: maxGlyphs ?? 20 * maxLength, maxLines: maxLines)
    }

    /// The most `maxLength` may be: TextImage's own budget of characters.
    package static let maxLengthLimit = TextImage.Limits().maxCharacters / 2
}

extension OverlayDefinition {
    /// The overlay of the preset's own text, or of a solid `fill` rectangle;
    /// nil for an image file or a request's text.
    package func fixedOverlay(fonts: FontCollection) -> ImageOverlay? {
        if let text, case .fixed(let string) = text.source {
            return textOverlay(text.image(string, fonts: fonts), background: text.background)
        }
        guard let fill else { return nil }
        return placed(ImageDescriptor(Bitmap(width: 1, height: 1, fill: fill), contentMode: .scaleToFill).erased)
    }

    /// A text overlay at this overlay's place: its own size (the box is the text's).
    package func textOverlay<Reference: LocalImageReference>(_ reference: Reference, background: Color?) -> ImageOverlay {
        placed(ImageDescriptor(reference, background: background).erased, sized: false)
    }
}
