/// The `transform` attribute: a list of `matrix`, `translate`, `scale`,
/// `rotate`, `skewX` and `skewY`. An invalid list is no transform.
enum SVGTransformParser {
    static func parse(_ text: String) -> AffineTransform? {
        var scanner = NumberScanner(text)
        var result = AffineTransform.identity
        scanner.skipSeparator()
        while !scanner.isAtEnd {
            let start = scanner.index
            while let byte = scanner.peek, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") { scanner.index += 1 }
            let name = String(decoding: Array(text.utf8)[start..<scanner.index], as: UTF8.self)
            scanner.skipSpace()
            guard scanner.peek == UInt8(ascii: "(") else { return nil }
            scanner.index += 1
            scanner.skipSpace()
            var arguments: [Double] = []
            while let value = scanner.listNumber() { arguments.append(value) }
            guard scanner.peek == UInt8(ascii: ")"), let step = transform(name, arguments) else { return nil }
            scanner.index += 1
            scanner.skipSeparator()
            result = result.concatenating(step)
        }
        return result
    }

    private static func transform(_ name: String, _ v: [Double]) -> AffineTransform? {
        switch (name, v.count) {
        case ("matrix", 6): return AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], e: v[4], f: v[5])
        case ("translate", 1): return .translation(v[0], 0)
        case ("translate", 2): return .translation(v[0], v[1])
        case ("scale", 1): return .scale(v[0], v[0])
        case ("scale", 2): return .scale(v[0], v[1])
        case ("rotate", 1): return .rotation(degrees: v[0])
        case ("rotate", 3):
            return AffineTransform.translation(v[1], v[2]).concatenating(.rotation(degrees: v[0])).concatenating(.translation(-v[1], -v[2]))
        case ("skewX", 1): return .skewX(degrees: v[0])
        case ("skewY", 1): return .skewY(degrees: v[0])
        default: return nil
        }
    }
}

extension SVGTransformParser {
    /// `transform-origin`: one or two lengths, percentages of the viewport,
    /// or keywords (`left`, `center`, `right`, `top`, `bottom`, either order);
    /// a third (z) value is ignored. Nil when invalid.
    static func origin(_ text: String, viewport: (width: Double, height: Double)) -> Vector2? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }).map(String.init)
        guard (1...3).contains(words.count) else { return nil }
        let horizontal = ["left": 0.0, "center": 50, "right": 100]
        let vertical = ["top": 0.0, "center": 50, "bottom": 100]
        var pair = Array(words.prefix(2))
        if pair.count == 1 { pair.append("center") }
        // Keywords may come in either order (`top left`).
        if vertical[pair[0]] != nil, horizontal[pair[0]] == nil || horizontal[pair[1]] != nil && vertical[pair[1]] == nil {
            pair.swapAt(0, 1)
        }
        func value(_ word: String, _ keywords: [String: Double], _ side: Double) -> Double? {
            if let percent = keywords[word] { return percent / 100 * side }
            guard let length = SVGLength.parse(word) else { return nil }
            return length.isPercentage ? length.value / 100 * side : length.value
        }
        guard let x = value(pair[0], horizontal, viewport.width), let y = value(pair[1], vertical, viewport.height) else { return nil }
        return Vector2(x: x, y: y)
    }

    /// `transform` about `origin`: moved there, transformed, moved back.
    static func about(_ origin: Vector2, _ transform: AffineTransform) -> AffineTransform {
        AffineTransform.translation(origin.x, origin.y).concatenating(transform).concatenating(.translation(-origin.x, -origin.y))
    }

    /// An element's own `transform` about its `transform-origin`; nil
    /// when it has none or it is invalid (ignored, as an invalid
    /// presentation attribute is).
    static func transform(of element: SVGElement, viewport: (width: Double, height: Double)) -> AffineTransform? {
        guard let transform = element["transform"].flatMap(parse) else { return nil }
        let origin = SVGFilterChain.property(element, "transform-origin").flatMap { self.origin($0, viewport: viewport) }
        return origin.map { about($0, transform) } ?? transform
    }
}
