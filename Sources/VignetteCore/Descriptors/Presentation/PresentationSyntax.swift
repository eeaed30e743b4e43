import Foundation

/// The text forms of the presentation values, one syntax for preset files,
/// render URLs and `vignette render`: a focus `top-left`, `smart` or
/// `0.3,0.25`; a shape `rect`, `circle`, `capsule` or `rounded:12`; an
/// effect `blur:2`, `grayscale` or `sharpen:1.5`; a background `blur:12`;
/// a content mode `aspectFill`; a format `jpeg` (or `jpg`); a colour
/// `#RRGGBB`; a pair `X,Y`; a size `WxH`. Every value passes its type's
/// `isValid`, and each type's `description` prints this form.
///
/// Names match ignoring letter case and hyphens: `top-left`, `topLeft` and
/// `TOPLEFT` are one anchor; `aspect-fill` is `aspectFill`; `JPG` is `jpeg`.
///
/// ```swift
/// let focus = try PresentationSyntax.focus("0.3,0.25")     // .point(x: 0.3, y: 0.25)
/// let shape = try PresentationSyntax.shape("rounded:12")   // .roundedRect(cornerRadius: 12)
/// let effect = try PresentationSyntax.effect("blur:2")     // .blur(sigma: 2)
/// ```
package enum PresentationSyntax {
    /// What a value should have been; the caller names the key, flag or parameter.
    package struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The forms allowed, e.g. `rect, circle, capsule or rounded:R (R ≥ 0 points)`.
        package let expected: String

        /// An error expecting `expected`.
        package init(expected: String) { self.expected = expected }

        /// `expected …`.
        package var description: String { "expected \(expected)" }
    }

    /// The nine anchor names: `center, top, bottom, left, right, top-left, …`.
    package static let anchorNames = Anchor.allCases.map(\.name).joined(separator: ", ")

    /// `center`, `top-left` … (or the Swift spelling, `topLeft`).
    package static func anchor(_ text: String) throws(Error) -> Anchor {
        guard let anchor = Anchor.allCases.first(where: { matches(text, $0.rawValue) }) else {
            throw Error(expected: "one of \(anchorNames)")
        }
        return anchor
    }

    /// A content mode by its case name: `aspectFill` (or `aspect-fill`), `scaleToFill`, `top-left` …
    package static func contentMode(_ text: String) throws(Error) -> ContentMode {
        guard let mode = ContentMode.allCases.first(where: { matches(text, $0.rawValue) }) else {
            throw Error(expected: "one of \(ContentMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return mode
    }

    /// A format Vignette encodes: `png`, `jpeg` (or `jpg`), `webp`, `avif`, `gif`.
    package static func format(_ text: String) throws(Error) -> ImageFormat {
        let name = matches(text, "jpg") ? "jpeg" : text
        guard let format = ImageFormat.encodable.first(where: { matches(name, $0.rawValue) }) else {
            throw Error(expected: "one of \(ImageFormat.encodable.map(\.rawValue).joined(separator: ", ")) (jpg is jpeg)")
        }
        return format
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`; the error keeps the colour parser's message.
    package static func color(_ text: String) throws(Error) -> Color {
        do { return try Color(hex: text) } catch { throw Error(expected: "#RGB, #RRGGBB or #RRGGBBAA (\(error))") }
    }

    /// An anchor name, `smart`, or `X,Y`: fractions 0...1 of the image, origin top-left.
    package static func focus(_ text: String) throws(Error) -> Focus {
        let expected = Error(expected: "one of \(anchorNames), smart, or X,Y fractions 0...1 of the image")
        if matches(text, "smart") { return .smart }
        if let anchor = try? anchor(text) { return .anchor(anchor) }
        guard let (x, y) = pair(text) else { throw expected }
        let focus = Focus.point(x: x, y: y)
        guard focus.isValid else { throw expected }
        return focus
    }

    /// `rect` (or `rectangle`), `circle`, `capsule`, `rounded:R` (R ≥ 0 points).
    package static func shape(_ text: String) throws(Error) -> ImageShape {
        let expected = Error(expected: "rect, circle, capsule or rounded:R (R ≥ 0 points)")
        switch text.lowercased().filter({ $0 != "-" }) {
        case "rect", "rectangle": return .rectangle
        case "circle": return .circle
        case "capsule": return .capsule
        default:
            guard let radius = suffixNumber(text, prefix: "rounded:") else { throw expected }
            let shape = ImageShape.roundedRect(cornerRadius: radius)
            guard shape.isValid else { throw expected }
            return shape
        }
    }

    /// `blur:SIGMA` (points), `grayscale` or `sharpen:AMOUNT`.
    package static func effect(_ text: String) throws(Error) -> ImageEffect {
        let expected = Error(
            expected: "blur:SIGMA (0...\(Size.format(ImageEffect.maxSigma)) points), grayscale, "
                + "or sharpen:AMOUNT (0...\(Size.format(ImageEffect.maxSharpenAmount)))")
        let effect: ImageEffect
        if matches(text, "grayscale") {
            effect = .grayscale
        } else if let sigma = suffixNumber(text, prefix: "blur:") {
            effect = .blur(sigma: sigma)
        } else if let amount = suffixNumber(text, prefix: "sharpen:") {
            effect = .sharpen(amount: amount)
        } else {
            throw expected
        }
        guard effect.isValid else { throw expected }
        return effect
    }

    /// `blur:SIGMA`: the image itself, aspect-filled and blurred (σ in points).
    package static func backdrop(_ text: String) throws(Error) -> Backdrop {
        let expected = Error(expected: "blur:SIGMA with SIGMA 0...\(Size.format(ImageEffect.maxSigma)) points")
        guard let sigma = suffixNumber(text, prefix: "blur:") else { throw expected }
        let backdrop = Backdrop.blurredImage(sigma: sigma)
        guard backdrop.isValid else { throw expected }
        return backdrop
    }

    /// A finite number, e.g. `2.5` (not `nan`, `inf` or an empty string).
    package static func number(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" }),
            let value = Double(trimmed), value.isFinite
        else { return nil }
        return value
    }

    /// `X,Y`: two finite numbers.
    package static func pair(_ text: String) -> (Double, Double)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = number(String(parts[0])), let y = number(String(parts[1])) else { return nil }
        return (x, y)
    }

    /// `WxH`: two finite numbers ≥ 0.
    package static func size(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = number(String(parts[0])), let h = number(String(parts[1])), w >= 0, h >= 0 else { return nil }
        return Size(width: w, height: h)
    }

    private static func suffixNumber(_ text: String, prefix: String) -> Double? {
        guard text.lowercased().hasPrefix(prefix) else { return nil }
        return number(String(text.dropFirst(prefix.count)))
    }

    /// Whether `text` names `name`, ignoring letter case and hyphens (never an empty name).
    private static func matches(_ text: String, _ name: String) -> Bool {
        let key = text.lowercased().filter { $0 != "-" }
        return !key.isEmpty && key == name.lowercased()
    }
}
