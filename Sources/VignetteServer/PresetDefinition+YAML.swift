import Foundation
import Vignette
import Yams

// The presentation keys of a preset: focus, shape, cornerRadius, border,
// overlays, effects, background (a colour and/or blur:σ), enlarge, extend,
// extendAspectRatio, fillDown and allowSizing. Text values use
// `PresentationSyntax`, the syntax of the CLI and of render URLs.

extension PresetDefinition {
    /// Every key of a preset, in the order the docs list them.
    static let keys = [
        "contentMode", "tint", "background", "failure", "maxAge", "focus", "shape", "cornerRadius", "border", "overlays",
        "effects", "enlarge", "extend", "extendAspectRatio", "fillDown", "allowSizing",
        "formats", "animation"
    ]

    mutating func readPresentation(_ reader: inout ConfigReader, path: String) throws(ServerConfiguration.Error) {
        if let node = reader.take("background") { try readBackground(node, key: "\(path).background") }
        if let text = try reader.string("focus") { focus = try Self.syntax("\(path).focus", text, PresentationSyntax.focus) }
        try readShape(&reader, path: path)
        if let node = reader.take("border"), node.null == nil { border = try Self.border(node, key: "\(path).border") }
        if let node = reader.take("overlays"), node.null == nil {
            let items = try Self.sequence(node, key: "\(path).overlays")
            guard items.count <= ImageOverlay.maxCount else {
                throw .invalidValue(key: "\(path).overlays", reason: "at most \(ImageOverlay.maxCount) overlays (\(items.count) given)")
            }
            overlays = try items.enumerated().map { index, item throws(ServerConfiguration.Error) in
                try Self.overlay(item, key: "\(path).overlays[\(index)]")
            }
        }
        if let node = reader.take("effects"), node.null == nil {
            effects = try Self.sequence(node, key: "\(path).effects").enumerated().map { index, item throws(ServerConfiguration.Error) in
                try Self.effect(item, key: "\(path).effects[\(index)]")
            }
        }
        try readSizing(&reader, path: path)
    }

    /// `background: "#EEEEEE"`, `background: blur:12`, or a list of one of each.
    private mutating func readBackground(_ node: Node, key: String) throws(ServerConfiguration.Error) {
        guard node.null == nil else { return }
        let items = node.sequence.map(Array.init) ?? [node]
        for (index, item) in items.enumerated() {
            let itemKey = node.sequence == nil ? key : "\(key)[\(index)]"
            guard let text = item.scalar?.string else { throw .wrongType(key: itemKey, expected: "a colour or blur:SIGMA") }
            if text.hasPrefix("blur") {
                guard backdrop == nil else { throw .invalidValue(key: itemKey, reason: "a second blur") }
                backdrop = try Self.syntax(itemKey, text, PresentationSyntax.backdrop)
            } else {
                guard background == nil else { throw .invalidValue(key: itemKey, reason: "a second colour") }
                do { background = try Color(hex: text) } catch {
                    throw .invalidValue(key: itemKey, reason: "'\(text)' is not a colour (#RGB, #RRGGBB or #RRGGBBAA) or blur:SIGMA")
                }
            }
        }
    }

    /// `shape: circle`, `shape: rounded:12`, or `shape: rounded` (or no
    /// shape) with `cornerRadius: 12`.
    private mutating func readShape(_ reader: inout ConfigReader, path: String) throws(ServerConfiguration.Error) {
        let text = try reader.string("shape")
        let radius = try reader.double("cornerRadius", in: 0...Double.greatestFiniteMagnitude)
        switch (text, radius) {
        case ("rounded"?, let radius?), (nil, let radius?): shape = .roundedRect(cornerRadius: radius)
        case ("rounded"?, nil): throw .invalidValue(key: "\(path).shape", reason: "rounded needs cornerRadius (or write rounded:R)")
        case (let text?, nil): shape = try Self.syntax("\(path).shape", text, PresentationSyntax.shape)
        case (let text?, _?): throw .invalidValue(key: "\(path).cornerRadius", reason: "applies to shape rounded, not \(text)")
        case (nil, nil): break
        }
    }

    private mutating func readSizing(_ reader: inout ConfigReader, path: String) throws(ServerConfiguration.Error) {
        if let value = try reader.bool("enlarge") { sizing.enlarge = value }
        if let value = try reader.bool("extend") { sizing.extend = value }
        if let value = try reader.bool("extendAspectRatio") { sizing.extendAspectRatio = value }
        if let value = try reader.bool("fillDown") { sizing.fillDown = value }
        if let value = try reader.bool("allowSizing") { allowSizing = value }
        if let value = try reader.bool("animation") { animation = value }
        if sizing.extendAspectRatio && sizing.extend {
            throw .invalidValue(key: "\(path).extendAspectRatio", reason: "applies only with extend: false")
        }
        if sizing.fillDown && contentMode != .aspectFill {
            throw .invalidValue(key: "\(path).fillDown", reason: "applies only with contentMode: aspectFill")
        }
    }

    /// `border: {width: 2, color: "#FFFFFF"}` (colour default black).
    private static func border(_ node: Node, key: String) throws(ServerConfiguration.Error) -> Border {
        var reader = try ConfigReader(node, path: key)
        guard let width = try reader.double("width", in: 0...Double.greatestFiniteMagnitude) else {
            throw .invalidValue(key: "\(key).width", reason: "a border needs a width in points")
        }
        let color = try reader.color("color") ?? Color(red: 0, green: 0, blue: 0)
        try reader.finish(known: ["width", "color"])
        return Border(width: width, color: color)
    }

    /// `{file: badge.png, position: bottom-right, offset: "-8,-8", size: 24x24, opacity: 0.8, tile: false, clipsToShape: false}`,
    /// `{text: …, font: …}` (PresetDefinition+Text) or `{fill: "#00000080", size: 600x140}`.
    private static func overlay(_ node: Node, key: String) throws(ServerConfiguration.Error) -> OverlayDefinition {
        var reader = try ConfigReader(node, path: key)
        let kinds = ["file", "text", "fill"].filter { node.mapping?[$0] != nil }
        guard kinds.count <= 1 else {
            throw .invalidValue(key: key, reason: "an overlay is one of a file, a text or a fill (\(kinds.joined(separator: " and ")) given)")
        }
        var overlay: OverlayDefinition
        if let text = reader.take("text") {
            overlay = OverlayDefinition(text: try textDefinition(text, reader: &reader, key: key))
        } else if let fill = try reader.color("fill") {
            overlay = OverlayDefinition(fill: fill, size: Size(width: 0, height: 0))
        } else {
            guard let file = try reader.string("file"), !file.isEmpty else {
                throw .invalidValue(key: "\(key).file", reason: "an overlay needs an image file, a text or a fill colour")
            }
            overlay = OverlayDefinition(file: file)
        }
        try readPlacement(&overlay, &reader, key: key)
        if let text = overlay.text {
            // A text's size is its box: lines wrap to the width, a side of 0 is open.
            var box = text
            box.width = overlay.size.flatMap { $0.width > 0 ? $0.width : nil }
            box.height = overlay.size.flatMap { $0.height > 0 ? $0.height : nil }
            (overlay.text, overlay.size) = (box, nil)
        } else if overlay.fill != nil, !(overlay.size.map { $0.width > 0 && $0.height > 0 } ?? false) {
            throw .invalidValue(key: "\(key).size", reason: "a fill needs a size WxH in points, both sides > 0")
        }
        let common = ["position", "offset", "size", "opacity", "tile", "clipsToShape"]
        try reader.finish(known: overlay.text != nil ? ["text"] + textKeys + common : overlay.fill != nil ? ["fill"] + common : ["file"] + common)
        return overlay
    }

    /// The keys every kind of overlay takes: where it sits and how it is drawn.
    private static func readPlacement(
        _ overlay: inout OverlayDefinition, _ reader: inout ConfigReader, key: String
    ) throws(ServerConfiguration.Error) {
        if let text = try reader.string("position") { overlay.anchor = try syntax("\(key).position", text, PresentationSyntax.anchor) }
        if let node = reader.take("offset"), node.null == nil {
            let pair = node.scalar.flatMap { PresentationSyntax.pair($0.string) } ?? numbers(node)
            guard let (x, y) = pair else { throw .invalidValue(key: "\(key).offset", reason: "expected \"X,Y\" or [X, Y] in points") }
            overlay.offset = Point(x: x, y: y)
        }
        if let node = reader.take("size"), node.null == nil {
            let pair = node.scalar.flatMap { PresentationSyntax.size($0.string).map { ($0.width, $0.height) } } ?? numbers(node)
            guard let (w, h) = pair, w >= 0, h >= 0 else { throw .invalidValue(key: "\(key).size", reason: "expected WxH or [W, H] in points ≥ 0") }
            overlay.size = Size(width: w, height: h)
        }
        if let value = try reader.double("opacity", in: 0...1) { overlay.opacity = value }
        if let value = try reader.bool("tile") { overlay.tiled = value }
        if let value = try reader.bool("clipsToShape") { overlay.clipsToShape = value }
    }

    /// `grayscale`, `blur:2`, `sharpen:1.5`, or `{blur: 2}`, `{sharpen: 1.5}`.
    private static func effect(_ node: Node, key: String) throws(ServerConfiguration.Error) -> ImageEffect {
        if let text = node.scalar?.string { return try syntax(key, text, PresentationSyntax.effect) }
        guard let mapping = node.mapping, mapping.count == 1, let (name, value) = mapping.first.map({ ($0.key.string ?? "", $0.value) }),
            let number = value.scalar?.string
        else { throw .wrongType(key: key, expected: "grayscale, blur:SIGMA, sharpen:AMOUNT or {blur: SIGMA}") }
        return try syntax(key, "\(name):\(number)", PresentationSyntax.effect)
    }

    /// `[X, Y]`: two finite numbers.
    static func numbers(_ node: Node) -> (Double, Double)? {
        guard let items = node.sequence, items.count == 2 else { return nil }
        let values = items.compactMap { $0.scalar.flatMap { PresentationSyntax.number($0.string) } }
        return values.count == 2 ? (values[0], values[1]) : nil
    }

    private static func sequence(_ node: Node, key: String) throws(ServerConfiguration.Error) -> [Node] {
        guard let items = node.sequence else { throw .wrongType(key: key, expected: "a list") }
        return Array(items)
    }

    static func syntax<T>(
        _ key: String, _ text: String, _ parse: (String) throws(PresentationSyntax.Error) -> T
    ) throws(ServerConfiguration.Error) -> T {
        do { return try parse(text) } catch { throw .invalidValue(key: key, reason: "'\(text)': \(error)") }
    }
}
