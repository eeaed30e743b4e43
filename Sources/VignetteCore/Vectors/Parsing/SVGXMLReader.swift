/// A small XML reader for SVG that refuses what a hostile file could abuse:
/// no DTD internal subset (so no entity definitions, no billion laughs), no
/// external entities, no XInclude (an `xi:include` is a foreign element,
/// never followed); only the five predefined entities and character
/// references expand. Every budget is checked as it is reached.
package struct SVGXMLReader {
    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"

    let bytes: [UInt8]
    var index = 0
    let limits: SVGDocument.Limits
    var elementCount = 0

    /// The root element of `bytes`.
    package static func parse(_ bytes: [UInt8], limits: SVGDocument.Limits) throws(SVGDocument.Error) -> SVGElement {
        guard bytes.count <= limits.maxBytes else { throw .limitExceeded(limit: "maxBytes", value: bytes.count) }
        var reader = SVGXMLReader(bytes: bytes, limits: limits)
        return try reader.document()
    }

    private init(bytes: [UInt8], limits: SVGDocument.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    private mutating func document() throws(SVGDocument.Error) -> SVGElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        try skipMisc(allowDoctype: true)
        guard peek == UInt8(ascii: "<") else { throw malformed("no root element") }
        let root = try element(depth: 1, namespaces: [:])
        try skipMisc(allowDoctype: false)
        guard index == bytes.count else { throw malformed("content after the root element") }
        return root
    }

    /// White space, comments, processing instructions and (before the root) a DOCTYPE.
    private mutating func skipMisc(allowDoctype: Bool) throws(SVGDocument.Error) {
        while true {
            skipSpace()
            if starts(with: "<?") {
                try skip(past: "?>")
            } else if starts(with: "<!--") {
                try skip(past: "-->")
            } else if allowDoctype && starts(with: "<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    /// `<!DOCTYPE svg PUBLIC "…" "…">` is skipped; an internal subset (`[`) is refused.
    private mutating func skipDoctype() throws(SVGDocument.Error) {
        let start = index
        index += 9
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "[") { throw .documentTypeDefinition(offset: start) }
            if byte == UInt8(ascii: ">") {
                index += 1
                return
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let end = bytes[(index + 1)...].firstIndex(of: byte) else { throw malformed("unterminated DOCTYPE") }
                index = end
            }
            index += 1
        }
        throw malformed("unterminated DOCTYPE")
    }

    /// The element at `<`, its attributes, content and end tag.
    private mutating func element(depth: Int, namespaces: [String: String]) throws(SVGDocument.Error) -> SVGElement {
        guard depth <= limits.maxDepth else { throw .limitExceeded(limit: "maxDepth", value: depth) }
        elementCount += 1
        guard elementCount <= limits.maxElements else { throw .limitExceeded(limit: "maxElements", value: elementCount) }
        index += 1
        let qualifiedName = try name()
        let raw = try rawAttributes()
        var scope = namespaces
        for (key, value) in raw where key == "xmlns" || key.hasPrefix("xmlns:") {
            scope[key == "xmlns" ? "" : String(key.dropFirst(6))] = value
        }
        var element = SVGElement(name: Self.localName(qualifiedName, in: scope), attributes: Self.attributes(raw, in: scope))
        if starts(with: "/>") {
            index += 2
            return element
        }
        guard peek == UInt8(ascii: ">") else { throw malformed("expected '>' in <\(qualifiedName)>") }
        index += 1
        try content(of: &element, qualifiedName: qualifiedName, depth: depth, namespaces: scope)
        return element
    }

    /// Children, text, CDATA and comments up to `</qualifiedName>`.
    private mutating func content(
        of element: inout SVGElement, qualifiedName: String, depth: Int, namespaces: [String: String]
    ) throws(SVGDocument.Error) {
        var text: [UInt8] = []
        var segmentStart = 0
        while index < bytes.count {
            if starts(with: "</") {
                index += 2
                let closing = try name()
                guard closing == qualifiedName else { throw malformed("</\(closing)> closes <\(qualifiedName)>") }
                skipSpace()
                guard peek == UInt8(ascii: ">") else { throw malformed("expected '>' after </\(closing)") }
                index += 1
                closeSegment(of: &element, text: text, from: &segmentStart)
                element.text = String(decoding: text, as: UTF8.self)
                return
            } else if starts(with: "<!--") {
                try skip(past: "-->")
            } else if starts(with: "<![CDATA[") {
                let start = index + 9
                try skip(past: "]]>")
                text += bytes[start..<(index - 3)]
            } else if starts(with: "<?") {
                try skip(past: "?>")
            } else if peek == UInt8(ascii: "<") {
                closeSegment(of: &element, text: text, from: &segmentStart)
                element.children.append(try self.element(depth: depth + 1, namespaces: namespaces))
            } else {
                try characterData(into: &text)
            }
            guard text.count <= limits.maxAttributeBytes else { throw .limitExceeded(limit: "maxAttributeBytes", value: text.count) }
        }
        throw malformed("<\(qualifiedName)> is not closed")
    }

    /// The character data read since the last child, as a segment before the next.
    private func closeSegment(of element: inout SVGElement, text: [UInt8], from start: inout Int) {
        guard text.count > start else { return }
        element.segments.append(SVGElement.Segment(childIndex: element.children.count, text: String(decoding: text[start...], as: UTF8.self)))
        start = text.count
    }

    /// The name of an element in the SVG namespace; a foreign one keeps a
    /// prefix (`foreign:name`) so it is never drawn.
    static func localName(_ qualified: String, in namespaces: [String: String]) -> String {
        let (prefix, local) = split(qualified)
        let namespace = namespaces[prefix ?? ""]
        if prefix == nil && (namespace == nil || namespace == svgNamespace) { return local }
        if namespace == svgNamespace { return local }
        return "foreign:" + local
    }

    /// Unprefixed attributes as they are; `xlink:href` as `href` (a plain
    /// `href` wins); `xml:space` kept; other namespaces dropped.
    static func attributes(_ raw: [(String, String)], in namespaces: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in raw where key != "xmlns" && !key.hasPrefix("xmlns:") {
            let (prefix, local) = split(key)
            guard let prefix else {
                result[local] = value
                continue
            }
            let namespace = namespaces[prefix]
            if local == "href" && (namespace == xlinkNamespace || (namespace == nil && prefix == "xlink")) {
                if !raw.contains(where: { $0.0 == "href" }) { result["href"] = value }
            } else if prefix == "xml" {
                result["xml:" + local] = value
            } else if namespace == svgNamespace {
                result[local] = value
            }
        }
        return result
    }

    private static func split(_ name: String) -> (String?, String) {
        guard let colon = name.firstIndex(of: ":") else { return (nil, name) }
        return (String(name[..<colon]), String(name[name.index(after: colon)...]))
    }
}
