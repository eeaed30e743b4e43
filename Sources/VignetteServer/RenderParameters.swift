import Foundation
import Vignette

/// The query of `GET /render/{preset}`, validated against the limits.
///
/// ```swift
/// let parameters = try RenderParameters(query: "url=https%3A%2F%2Fcdn.example.com%2Fa.jpg&w=200&h=100&scale=2",
///                                       limits: ServerConfiguration.Limits())
/// parameters.size    // 200×100 points, 400×200 pixels
/// ```
public struct RenderParameters: Sendable, Hashable {
    /// The source, http or https.
    public var source: URL
    /// The output size in points.
    public var size: Size
    /// Pixels per point (default 1).
    public var scale: Double
    /// The output format when the request names one; nil negotiates from `Accept`.
    public var format: ImageFormat?
    /// JPEG or WebP quality, 1–100 (default 80).
    public var quality: Int

    /// Parses a raw (percent-encoded) query; `sig` is ignored here.
    public init(query: String, limits: ServerConfiguration.Limits) throws(Error) {
        var values: [String: String] = [:]
        for pair in query.split(separator: "&") where !pair.isEmpty {
            // Empty pieces kept: `?=` or `&=v` has an empty name, not no parts (an index trap before).
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard ["url", "w", "h", "scale", "format", "q", "sig"].contains(name) else { throw .unknownParameter(name) }
            guard values[name] == nil else { throw .repeated(name) }
            values[name] = parts.count > 1 ? (parts[1].removingPercentEncoding ?? "") : ""
        }
        source = try Self.source(values["url"])
        let width = try Self.number("w", values["w"], max: limits.maxWidth)
        let height = try Self.number("h", values["h"], max: limits.maxHeight)
        scale = try Self.scale(values["scale"], max: limits.maxScale)
        size = Size(width: Double(width), height: Double(height))
        let pixels = Double(width) * Double(height) * scale * scale
        guard pixels <= Double(limits.maxOutputPixels) else { throw .tooManyPixels(Int(pixels), limit: limits.maxOutputPixels) }
        // A tiny scale rounds to no pixels at all; a large one can pass the
        // pixel limit and still exceed the surface's 32768 a side.
        let output = ImageRenderer.pixelSize(of: size, scale: scale)
        guard output.width >= 1, output.height >= 1, (try? ImageSurface.validate(size: size, scale: scale)) != nil else {
            throw .outputSize(width: output.width, height: output.height)
        }
        if let text = values["format"] {
            let value = ImageFormat(rawValue: text.lowercased())
            guard ImageFormat.encodable.contains(value) else { throw .invalid("format", text, expected: "png, jpeg or webp") }
            format = value
        }
        quality = 80
        if let text = values["q"] {
            guard let value = Int(text), (1...100).contains(value) else { throw .invalid("q", text, expected: "an integer 1-100") }
            quality = value
        }
    }

    private static func source(_ text: String?) throws(Error) -> URL {
        guard let text, !text.isEmpty else { throw .missing("url") }
        let invalid = Error.invalid("url", text, expected: "an absolute http or https URL, percent-encoded")
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), !scheme.isEmpty else { throw invalid }
        guard scheme == "http" || scheme == "https" else { throw .disallowedScheme(scheme) }
        guard url.host?.isEmpty == false else { throw invalid }
        return url
    }

    private static func number(_ name: String, _ text: String?, max: Int) throws(Error) -> Int {
        guard let text else { throw .missing(name) }
        guard let value = Int(text) else { throw .invalid(name, text, expected: "a whole number of points") }
        guard value > 0, value <= max else { throw .outOfRange(name, value, max: max) }
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
        /// A parameter's value does not parse.
        case invalid(String, String, expected: String)
        /// `w` or `h` is 0, negative or over its limit.
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

        /// The message of the 400 or 403 body.
        public var description: String {
            switch self {
            case .missing(let name): "missing parameter \(name)"
            case .invalid(let name, let value, let expected): "\(name)=\(value): expected \(expected)"
            case .outOfRange(let name, let value, let max): "\(name)=\(value): must be between 1 and \(max)"
            case .tooManyPixels(let pixels, let limit): "the output would have \(pixels) pixels; the limit is \(limit)"
            case .outputSize(let width, let height):
                "the output would be \(width)×\(height) pixels; each side must be 1 to 32768 pixels"
            case .unknownParameter(let name): "unknown parameter \(name) (known: url, w, h, scale, format, q, sig)"
            case .repeated(let name): "parameter \(name) is given more than once"
            case .disallowedScheme(let scheme): "the \(scheme): scheme is not allowed for sources (only http and https)"
            }
        }
    }
}
