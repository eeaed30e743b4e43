/// The `filter` property as CSS writes it: `url(#id)` references and filter
/// functions (`blur(2px) drop-shadow(1px 2px 3px red)`) applied in order,
/// each function as the `filter` element the Filter Effects spec gives for it.
enum SVGFilterList {
    enum Item: Sendable, Hashable {
        /// A `filter` element by id.
        case reference(String)
        /// A function, as a filter element of its own.
        case function(SVGElement)
    }

    /// The element's filters in order; empty for `none`, no filter, or a
    /// list with anything CSS would reject (the whole declaration is then ignored).
    static func items(of element: SVGElement, inline: [(String, String)]? = nil) -> [Item] {
        guard let value = SVGFilterChain.property(element, "filter", inline: inline), value != "none" else { return [] }
        return parse(value) ?? []
    }

    /// `name(arguments)` terms separated by spaces; nil when one is not a known function.
    static func parse(_ value: String) -> [Item]? {
        var items: [Item] = []
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "(") {
            let name = String(rest[..<open]).trimmingXMLSpace()
            var depth = 0
            guard
                let close = rest[open...].firstIndex(where: {
                    depth += $0 == "(" ? 1 : ($0 == ")" ? -1 : 0)
                    return depth == 0
                })
            else { return nil }
            let arguments = String(rest[rest.index(after: open)..<close]).trimmingXMLSpace()
            if name == "url" {
                guard case .reference(let id, _) = SVGPaint.parse("url(\(arguments))") else { return nil }
                items.append(.reference(id))
            } else {
                guard let primitive = function(name.lowercased(), arguments) else { return nil }
                items.append(.function(filter(primitive)))
            }
            rest = rest[rest.index(after: close)...]
        }
        return rest.allSatisfy(\.isWhitespace) && !items.isEmpty ? items : nil
    }

    /// The region of a function: the bounding box grown by half its size on every side.
    static func filter(_ primitive: SVGElement) -> SVGElement {
        let region = ["x": "-50%", "y": "-50%", "width": "200%", "height": "200%", "color-interpolation-filters": "sRGB"]
        return SVGElement(name: "filter", attributes: region, children: [primitive])
    }

    /// The primitive a function stands for; nil for an unknown name or arguments CSS rejects.
    static func function(_ name: String, _ arguments: String) -> SVGElement? {
        switch name {
        case "blur":
            guard let deviation = arguments.isEmpty ? 0 : length(arguments), deviation >= 0 else { return nil }
            return SVGElement(name: "feGaussianBlur", attributes: ["stdDeviation": "\(deviation)"])
        case "drop-shadow": return dropShadow(arguments)
        case "hue-rotate":
            guard let degrees = arguments.isEmpty ? 0 : angle(arguments) else { return nil }
            return SVGElement(name: "feColorMatrix", attributes: ["type": "hueRotate", "values": "\(degrees)"])
        default:
            guard let amount = arguments.isEmpty ? 1 : self.amount(arguments), amount >= 0 else { return nil }
            return amountFunction(name, amount)
        }
    }

    /// The functions taking a number or percentage.
    static func amountFunction(_ name: String, _ amount: Double) -> SVGElement? {
        let capped = min(amount, 1)
        func transfer(_ functions: [(String, [String: String])]) -> SVGElement {
            SVGElement(name: "feComponentTransfer", children: functions.map { SVGElement(name: $0.0, attributes: $0.1) })
        }
        let colour = ["feFuncR", "feFuncG", "feFuncB"]
        switch name {
        case "brightness": return transfer(colour.map { ($0, ["type": "linear", "slope": "\(amount)"]) })
        case "contrast": return transfer(colour.map { ($0, ["type": "linear", "slope": "\(amount)", "intercept": "\(0.5 - 0.5 * amount)"]) })
        case "invert": return transfer(colour.map { ($0, ["type": "table", "tableValues": "\(capped) \(1 - capped)"]) })
        case "opacity": return transfer([("feFuncA", ["type": "table", "tableValues": "0 \(capped)"])])
        case "saturate": return SVGElement(name: "feColorMatrix", attributes: ["type": "saturate", "values": "\(amount)"])
        case "grayscale", "sepia":
            let k = 1 - capped
            let m =
                name == "grayscale"
                ? [
                    0.2126 + 0.7874 * k, 0.7152 - 0.7152 * k, 0.0722 - 0.0722 * k, 0, 0,
                    0.2126 - 0.2126 * k, 0.7152 + 0.2848 * k, 0.0722 - 0.0722 * k, 0, 0,
                    0.2126 - 0.2126 * k, 0.7152 - 0.7152 * k, 0.0722 + 0.9278 * k, 0, 0
                ]
                : [
                    0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k, 0, 0,
                    0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k, 0, 0,
                    0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k, 0, 0
                ]
            let values = (m + [0, 0, 0, 1, 0]).map { "\($0)" }.joined(separator: " ")
            return SVGElement(name: "feColorMatrix", attributes: ["type": "matrix", "values": values])
        default: return nil
        }
    }

    /// `drop-shadow(<color>? <dx> <dy> <stdDeviation>?)`, the colour first or
    /// last (currentColor without one). The third length is the blur's
    /// standard deviation itself, as Filter Effects 1 defines it and resvg draws it
    /// (not half of it, as `box-shadow`'s blur radius would be).
    static func dropShadow(_ arguments: String) -> SVGElement? {
        var terms = terms(arguments)
        var colour = "currentColor"
        if let first = terms.first, length(first) == nil {
            colour = first
            terms.removeFirst()
        } else if terms.count > 2, let last = terms.last, length(last) == nil {
            colour = last
            terms.removeLast()
        }
        let lengths = terms.compactMap(length)
        guard lengths.count == terms.count, (2...3).contains(lengths.count), lengths.count < 3 || lengths[2] >= 0,
            colour == "currentColor" || SVGColor.parse(colour) != nil
        else { return nil }
        let deviation = lengths.count == 3 ? lengths[2] : 0
        return SVGElement(
            name: "feDropShadow",
            attributes: ["dx": "\(lengths[0])", "dy": "\(lengths[1])", "stdDeviation": "\(deviation)", "flood-color": colour])
    }

    /// A CSS length in px (no percentage; a bare 0 is allowed, other bare numbers too, as resvg and browsers in SVG accept).
    static func length(_ text: String) -> Double? {
        guard let value = SVGLength.parse(text), !value.isPercentage else { return nil }
        return value.value
    }

    /// A number, or a percentage of 1.
    static func amount(_ text: String) -> Double? {
        guard let value = SVGLength.parse(text) else { return nil }
        if value.isPercentage { return value.value / 100 }
        return text.trimmingXMLSpace().allSatisfy({ "0123456789.+-eE".contains($0) }) ? value.value : nil
    }

    /// An angle with a unit, or a bare 0 (CSS).
    static func angle(_ text: String) -> Double? {
        guard let angle = SVGLength.degrees(text), angle.hasUnit || angle.value == 0 else { return nil }
        return angle.value
    }

    /// Space-separated terms, a parenthesised one (`rgb(1, 2, 3)`) kept whole.
    static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0 && (character == " " || character == "\t" || character == "\n") {
                if !current.isEmpty { terms.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { terms.append(current) }
        return terms
    }
}
