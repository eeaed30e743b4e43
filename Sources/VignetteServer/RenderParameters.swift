import Foundation
import Vignette

/// The query of `GET /render/{preset}`, validated against the limits:
/// `url`, `w` and/or `h` (one may be 0 or absent: that side follows the
/// image), `scale`, `format`, `q`, `fp` (the image's focal point), and —
/// when the preset has `allowSizing` — `rt`, `el` and `ex`.
///
/// ```swift
/// let parameters = try RenderParameters(query: "url=https%3A%2F%2Fcdn.example.com%2Fa.jpg&w=200&h=100&scale=2&fp=0.3,0.2",
///                                       limits: ServerConfiguration.Limits())
/// parameters.size        // 200×100 points, 400×200 pixels
/// parameters.focalPoint  // .point(x: 0.3, y: 0.2)
/// ```
public struct RenderParameters: Sendable, Hashable {
    /// The source, http or https.
    public var source: URL
    /// The output size in points; a side of 0 is open (it follows the image).
    public var size: Size
    /// Pixels per point (default 1).
    public var scale: Double
    /// The output format when the request names one; nil negotiates from `Accept`.
    public var format: ImageFormat?
    /// JPEG or WebP quality, 1–100 (default 80).
    public var quality: Int
    /// `fp=X,Y`: the image's focal point (fractions 0...1), replacing the preset's focus.
    package var focalPoint: Focus?
    /// `rt`: imgproxy's resizing type, replacing the preset's content mode.
    package var resizingType: ResizingType?
    /// `el=0|1`: whether the image may be drawn larger than its pixels.
    package var enlarge: Bool?
    /// `ex=0|1`: whether the output keeps its size (letterboxing) or shrinks to the image.
    package var extend: Bool?
    /// The values of the text parameters the preset declares, by name (within their `maxLength`).
    package var texts: [String: String] = [:]

    /// The parameter names this endpoint knows.
    package static let names = ["url", "w", "h", "scale", "format", "q", "fp", "rt", "el", "ex", "sig"]
    /// `png, jpeg, webp or avif`: the formats `format=` may name (a preset may allow fewer).
    static var encodableNames: String {
        let names = ImageFormat.encodable.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
    /// The parameters only a preset with `allowSizing` accepts.
    package static let sizingNames = ["rt", "el", "ex"]

    /// imgproxy's resizing types as content modes: `fit` aspectFit, `fill`
    /// aspectFill, `fill-down` aspectFill with `Sizing.fillDown`, `force`
    /// scaleToFill (an open side follows the aspect ratio in each, where
    /// imgproxy's `force` keeps the source's side).
    package enum ResizingType: String, Sendable, Hashable, CaseIterable {
        /// aspectFit.
        case fit
        /// aspectFill.
        case fill
        /// aspectFill that shrinks the output rather than enlarge the image.
        case fillDown = "fill-down"
        /// scaleToFill.
        case force
    }

    /// Parses a raw (percent-encoded) query; `sig` is ignored here. `rt`,
    /// `el` and `ex` are refused unless `allowSizing` (the preset's).
    public init(query: String, limits: ServerConfiguration.Limits, allowSizing: Bool = false) throws(Error) {
        try self.init(query: query, limits: limits, allowSizing: allowSizing, textParameters: [])
    }

    /// The parameters above, and the text parameters a preset declares
    /// (any other name is unknown), each within its `maxLength`.
    package init(
        query: String, limits: ServerConfiguration.Limits, allowSizing: Bool = false, textParameters: [TextParameter]
    ) throws(Error) {
        var values: [String: String] = [:]
        for pair in query.split(separator: "&") where !pair.isEmpty {
            // Empty pieces kept: `?=` or `&=v` has an empty name, not no parts (an index trap before).
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard Self.names.contains(name) || textParameters.contains(where: { $0.name == name }) else { throw .unknownParameter(name) }
            guard values[name] == nil else { throw .repeated(name) }
            if !allowSizing, Self.sizingNames.contains(name) { throw .sizingNotAllowed(name) }
            values[name] = parts.count > 1 ? (parts[1].removingPercentEncoding ?? "") : ""
        }
        source = try Self.source(values["url"])
        scale = try Self.scale(values["scale"], max: limits.maxScale)
        size = try Self.size(values, scale: scale, limits: limits)
        if let text = values["format"] {
            guard let value = try? PresentationSyntax.format(text) else { throw .invalid("format", text, expected: Self.encodableNames) }
            format = value
        }
        quality = ImageFormat.defaultQuality
        if let text = values["q"] {
            guard let value = Int(text), (1...100).contains(value) else { throw .invalid("q", text, expected: "an integer 1-100") }
            quality = value
        }
        try readPresentation(values)
        texts = try Self.texts(values, declared: textParameters)
    }

    private static func source(_ text: String?) throws(Error) -> URL {
        guard let text, !text.isEmpty else { throw .missing("url") }
        let invalid = Error.invalid("url", text, expected: "an absolute http or https URL, percent-encoded")
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), !scheme.isEmpty else { throw invalid }
        guard scheme == "http" || scheme == "https" else { throw .disallowedScheme(scheme) }
        guard url.host?.isEmpty == false else { throw invalid }
        return url
    }

    /// `w` and `h`: one may be 0 or absent (open), not both.
    private static func size(_ values: [String: String], scale: Double, limits: ServerConfiguration.Limits) throws(Error) -> Size {
        let width = try number("w", values["w"], max: limits.maxWidth)
        let height = try number("h", values["h"], max: limits.maxHeight)
        guard width > 0 || height > 0 else { throw .missingSize }
        let size = Size(width: Double(width), height: Double(height))
        let pixels = Double(width) * Double(height) * scale * scale
        guard pixels <= Double(limits.maxOutputPixels) else { throw .tooManyPixels(Int(pixels), limit: limits.maxOutputPixels) }
        // A tiny scale rounds to no pixels at all; a large one can pass the
        // pixel limit and still exceed the surface's 32768 a side.
        let output = ImageRenderer.pixelSize(of: size, scale: scale)
        guard output.width >= 1 || width == 0, output.height >= 1 || height == 0,
            (try? ImageSurface.validate(size: size, scale: scale)) != nil
        else {
            throw .outputSize(width: output.width, height: output.height)
        }
        return size
    }

    private static func number(_ name: String, _ text: String?, max: Int) throws(Error) -> Int {
        guard let text else { return 0 }
        guard let value = Int(text) else { throw .invalid(name, text, expected: "a whole number of points") }
        guard value >= 0, value <= max else { throw .outOfRange(name, value, max: max) }
        return value
    }

    private static func scale(_ text: String?, max: Double) throws(Error) -> Double {
        guard let text else { return 1 }
        guard let value = Double(text), value.isFinite, value > 0, value <= max else {
            throw .invalid("scale", text, expected: "a number above 0 and at most \(Size.format(max))")
        }
        return value
    }

    /// What is wrong with a request (400, except `disallowedScheme`: 403).
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// A required parameter is absent.
        case missing(String)
        /// Neither `w` nor `h` is given (or both are 0).
        case missingSize
        /// `rt`, `el` or `ex` for a preset without `allowSizing`.
        case sizingNotAllowed(String)
        /// An open side would make the output larger than the limits allow.
        case openSideTooLarge(String, points: Int, max: Int)
        /// A parameter's value does not parse.
        case invalid(String, String, expected: String)
        /// `w` or `h` is negative or over its limit.
        case outOfRange(String, Int, max: Int)
        /// The output would have more pixels than allowed.
        case tooManyPixels(Int, limit: Int)
        /// `w`, `h` and `scale` give an output under one pixel or over 32768 pixels on a side.
        case outputSize(width: Int, height: Int)
        /// A parameter this endpoint does not know.
        case unknownParameter(String)
        /// A parameter given twice.
        case repeated(String)
        /// The source is not http or https (file:, data:, … are never fetched for a request).
        case disallowedScheme(String)
        /// A text parameter has more Unicode scalars than its preset's `maxLength`.
        case textTooLong(String, length: Int, limit: Int)
        /// A text parameter, laid out, is over its preset's budget of glyphs
        /// or lines (`maxGlyphs`, `maxLines`), or cannot be drawn.
        case textRefused(String, TextImage.Error)

        /// The message of the 400 or 403 body.
        public var description: String {
            switch self {
            case .missing(let name): "missing parameter \(name)"
            case .missingSize: "missing parameter w or h: give one or both (a side that is 0 or absent follows the image)"
            case .sizingNotAllowed(let name): "\(name): this preset does not allow sizing parameters (rt, el, ex; allowSizing: false)"
            case .openSideTooLarge(let name, let points, let max):
                "\(name)=0: the image would make it \(points) points; the limit is \(max) (give \(name))"
            case .invalid(let name, let value, let expected): "\(name)=\(value): expected \(expected)"
            case .outOfRange(let name, let value, let max): "\(name)=\(value): must be between 1 and \(max), or 0 to follow the image"
            case .tooManyPixels(let pixels, let limit): "the output would have \(pixels) pixels; the limit is \(limit)"
            case .outputSize(let width, let height):
                "the output would be \(width)×\(height) pixels; each side must be 1 to 32768 pixels"
            case .unknownParameter(let name): "unknown parameter \(name) (known: \(RenderParameters.names.joined(separator: ", ")))"
            case .repeated(let name): "parameter \(name) is given more than once"
            case .disallowedScheme(let scheme): "the \(scheme): scheme is not allowed for sources (only http and https)"
            case .textTooLong(let name, let length, let limit):
                "\(name): \(length) characters (Unicode scalars); this preset's limit is \(limit) (maxLength)"
            case .textRefused(let name, let error): Self.textMessage(name, error)
            }
        }
    }
}
