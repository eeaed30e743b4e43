import Foundation
import Vignette
import Yams

// Text overlays of presets: `{text: "© Shop", font: "bold 14 Noto Sans",
// color: "#FFFFFFAA", position: bottom-right, …}`, or a request's text,
// `text: {param: title, maxLength: 200}`. The font is the CLI's
// `--overlay-font` (PresentationSyntax.font); every key is checked and
// named in errors.

extension PresetDefinition {
    /// A text overlay's own keys, beside `text` and the placement keys.
    static let textKeys = [
        "font", "color", "align", "maxLines", "minimumSize", "lineHeight", "letterSpacing", "wordSpacing", "verticalAlignment",
        "direction", "language", "stroke", "shadow", "background"
    ]

    /// The keys of `text: {param: …}`.
    static let parameterKeys = ["param", "maxLength", "maxGlyphs", "maxLines", "required"]

    /// The text overlay of `text` (a string or `{param: …}`) and its style keys, taken from `reader`.
    static func textDefinition(
        _ text: Node, reader: inout ConfigReader, key: String
    ) throws(ServerConfiguration.Error) -> TextOverlayDefinition {
        var definition = TextOverlayDefinition(source: try source(text, key: "\(key).text"))
        if let font = try reader.string("font") {
            do { try PresentationSyntax.font(font, into: &definition.style) } catch {
                throw .invalidValue(key: "\(key).font", reason: "'\(font)': \(error)")
            }
        }
        if let color = try reader.color("color") { definition.style.color = color }
        if let text = try reader.string("align") {
            definition.style.alignment = try syntax("\(key).align", text, PresentationSyntax.textAlignment)
        }
        definition.maxLines = try reader.int("maxLines", in: 1...1000)
        definition.minimumSize = try reader.double("minimumSize", in: 0.25...1000)
        if let size = definition.minimumSize, size > definition.style.size {
            throw .invalidValue(key: "\(key).minimumSize", reason: "\(Size.format(size)) is larger than the font's size \(Size.format(definition.style.size))")
        }
        definition.style.lineHeight = try reader.double("lineHeight", in: 0.1...10)
        if let value = try reader.double("letterSpacing", in: -100...100) { definition.style.letterSpacing = value }
        if let value = try reader.double("wordSpacing", in: -100...100) { definition.style.wordSpacing = value }
        if let value = try choice(&reader, "verticalAlignment", TextVerticalAlignment.self, key: key) { definition.verticalAlignment = value }
        if let value = try choice(&reader, "direction", TextDirection.self, key: key) { definition.style.direction = value }
        if let language = try reader.string("language") {
            guard !language.isEmpty, language.count <= 35, language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            else { throw .invalidValue(key: "\(key).language", reason: "'\(language)' is not a BCP 47 language tag (ar, ja, pt-BR)") }
            definition.style.language = language
        }
        if let node = reader.take("stroke"), node.null == nil { definition.style.stroke = try stroke(node, key: "\(key).stroke") }
        if let node = reader.take("shadow"), node.null == nil { definition.style.shadow = try shadow(node, key: "\(key).shadow") }
        definition.background = try reader.color("background")
        return definition
    }

    /// `"© Shop"` or `{param: title, maxLength: 200, maxGlyphs: 4000, maxLines: 20, required: true}`.
    private static func source(_ node: Node, key: String) throws(ServerConfiguration.Error) -> TextOverlayDefinition.Source {
        if let text = node.scalar?.string {
            guard !text.isEmpty else { throw .invalidValue(key: key, reason: "an empty text draws nothing") }
            return .fixed(text)
        }
        guard node.mapping != nil else { throw .wrongType(key: key, expected: "a string, or {param: NAME, maxLength: N}") }
        var reader = try ConfigReader(node, path: key)
        guard let name = try reader.string("param") else {
            throw .invalidValue(key: "\(key).param", reason: "name the query parameter the text comes from")
        }
        let allowed = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        guard !name.isEmpty, name.count <= 32, allowed else {
            throw .invalidValue(key: "\(key).param", reason: "'\(name)' is not a parameter name (1-32 letters, digits, _ or -)")
        }
        guard !RenderParameters.names.contains(name) else {
            throw .invalidValue(key: "\(key).param", reason: "'\(name)' is a parameter of every render (\(RenderParameters.names.joined(separator: ", ")))")
        }
        var parameter = TextParameter(name: name)
        parameter.key = key
        if let value = try reader.int("maxLength", in: 1...TextParameter.maxLengthLimit) { parameter.maxLength = value }
        parameter.maxGlyphs = try reader.int("maxGlyphs", in: 1...TextImage.Limits().maxGlyphs)
        if let value = try reader.int("maxLines", in: 1...TextImage.Limits().maxLines) { parameter.maxLines = value }
        if let value = try reader.bool("required") { parameter.required = value }
        try reader.finish(known: parameterKeys)
        return .parameter(parameter)
    }

    /// One of an enum's raw values.
    private static func choice<T: RawRepresentable & CaseIterable>(
        _ reader: inout ConfigReader, _ name: String, _: T.Type, key: String
    ) throws(ServerConfiguration.Error) -> T? where T.RawValue == String {
        guard let text = try reader.string(name) else { return nil }
        guard let value = T(rawValue: text) else {
            throw .invalidValue(key: "\(key).\(name)", reason: "'\(text)' is not \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// `stroke: {width: 2, color: "#000000"}` (colour default black).
    private static func stroke(_ node: Node, key: String) throws(ServerConfiguration.Error) -> TextStroke {
        var reader = try ConfigReader(node, path: key)
        guard let width = try reader.double("width", in: 0...100) else {
            throw .invalidValue(key: "\(key).width", reason: "a stroke needs a width in points")
        }
        let color = try reader.color("color") ?? .black
        try reader.finish(known: ["width", "color"])
        return TextStroke(width: width, color: color)
    }

    /// `shadow: {offset: "0,1", blur: 2, color: "#00000080"}` (each optional: TextShadow's defaults).
    private static func shadow(_ node: Node, key: String) throws(ServerConfiguration.Error) -> TextShadow {
        var reader = try ConfigReader(node, path: key)
        var shadow = TextShadow()
        if let node = reader.take("offset"), node.null == nil {
            let pair = node.scalar.flatMap { PresentationSyntax.pair($0.string) } ?? numbers(node)
            guard let (x, y) = pair, abs(x) <= 1000, abs(y) <= 1000 else {
                throw .invalidValue(key: "\(key).offset", reason: "expected \"X,Y\" or [X, Y] in points")
            }
            shadow.offset = Point(x: x, y: y)
        }
        if let blur = try reader.double("blur", in: 0...ImageEffect.maxSigma) { shadow.blur = blur }
        if let color = try reader.color("color") { shadow.color = color }
        try reader.finish(known: ["offset", "blur", "color"])
        return shadow
    }
}
