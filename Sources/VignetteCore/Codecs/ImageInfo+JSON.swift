extension ImageInfo {
    /// The info as a JSON object with camelCase keys in a fixed order
    /// (`format`, `width`, `height`, `orientedWidth`, `orientedHeight`,
    /// `orientation`, `hasAlpha`, `frameCount`, `durationMilliseconds`,
    /// `loopCount`, `iccProfile`, `bitDepth`, `dominantColor`, `blurhash`,
    /// `thumbhash`, and for SVG `viewBox`, `skippedElements`, `fontFamilies` and `missingFontFamilies`); absent
    /// values are `null`. `indent` spaces per level, or
    /// one line when nil.
    ///
    /// ```swift
    /// print(info.json())  // {"format":"png","width":768,"height":512,…}
    /// ```
    public func json(indent: Int? = nil, level: Int = 0) -> String {
        let fields: [(String, String)] =
            [
                ("format", Self.quoted(format.rawValue)), ("width", "\(width)"), ("height", "\(height)"),
                ("orientedWidth", "\(orientedWidth)"), ("orientedHeight", "\(orientedHeight)"),
                ("orientation", "\(orientation)"), ("hasAlpha", "\(hasAlpha)"), ("frameCount", "\(frameCount)"),
                ("durationMilliseconds", "\(durationMilliseconds)"), ("loopCount", loopCount.map { "\($0)" } ?? "null"),
                ("iccProfile", iccProfile.map(Self.quoted) ?? "null"), ("bitDepth", "\(bitDepth)"),
                ("dominantColor", dominantColor.map(Self.quoted) ?? "null"), ("blurhash", Self.quoted(blurhash)),
                ("thumbhash", Self.quoted(thumbhash))
            ] + vectorFields
        guard let indent else { return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}" }
        let inner = String(repeating: " ", count: indent * (level + 1))
        let outer = String(repeating: " ", count: indent * level)
        return "{\n" + fields.map { "\(inner)\"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n\(outer)}"
    }

    private var vectorFields: [(String, String)] {
        guard format == .svg else { return [] }
        return [
            ("viewBox", viewBox.map(Self.quoted) ?? "null"),
            ("skippedElements", "[" + skippedElements.map(Self.quoted).joined(separator: ",") + "]"),
            ("fontFamilies", "[" + fontFamilies.map(Self.quoted).joined(separator: ",") + "]"),
            ("missingFontFamilies", "[" + missingFontFamilies.map(Self.quoted).joined(separator: ",") + "]")
        ]
    }

    /// Several infos as a JSON array of `json(indent:)` objects.
    package static func json(_ infos: [ImageInfo], indent: Int? = nil) -> String {
        guard let indent else { return "[" + infos.map { $0.json() }.joined(separator: ",") + "]" }
        let pad = String(repeating: " ", count: indent)
        return "[\n" + infos.map { pad + $0.json(indent: indent, level: 1) }.joined(separator: ",\n") + "\n]"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private var vectorRows: [(String, String)] {
        func list(_ items: [String]) -> String { items.isEmpty ? "-" : items.joined(separator: ", ") }
        return [
            ("viewBox", viewBox ?? "-"), ("not drawn", list(skippedElements)), ("font families", list(fontFamilies)),
            ("fonts not found", list(missingFontFamilies))
        ]
    }

    /// Aligned `key: value` lines for people, in the JSON's order.
    package var text: String {
        let rows: [(String, String)] =
            [
                ("format", format.rawValue), ("size", "\(width)x\(height)"),
                ("oriented size", "\(orientedWidth)x\(orientedHeight)"), ("orientation", "\(orientation)"),
                ("alpha", hasAlpha ? "yes" : "no"), ("frames", "\(frameCount)"),
                ("duration", "\(durationMilliseconds) ms"), ("loop count", loopCount.map { $0 == 0 ? "forever" : "\($0)" } ?? "-"),
                ("ICC profile", iccProfile ?? "-"), ("bit depth", "\(bitDepth)"), ("dominant colour", dominantColor ?? "-"),
                ("BlurHash", blurhash), ("ThumbHash", thumbhash)
            ] + (format == .svg ? vectorRows : [])
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0 + ":" + String(repeating: " ", count: width - $0.0.count + 1) + $0.1 }.joined(separator: "\n")
    }
}
