/// The `href` (or `xlink:href`, any prefix) values of an SVG's `image` and
/// `feImage` start tags, with where each value's bytes sit in the file.
/// A lexical scan, not a parse: comments, CDATA sections and processing
/// instructions are stepped over, other markup is ignored. The document is
/// parsed for real later; this only finds what ``SVGFileImages`` may inline.
struct SVGImageReferences {
    /// One attribute value as written (entities not expanded) and its byte range.
    struct Reference {
        var value: [UInt8]
        var range: Range<Int>
    }

    /// Every reference, in file order.
    private(set) var all: [Reference] = []
    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var i = 0
        while let open = next(UInt8(ascii: "<"), from: i) {
            i = skipMarkup(at: open) ?? tag(at: open)
        }
    }

    /// Past a comment, CDATA section or processing instruction starting at
    /// `open`; nil when something else starts there.
    private func skipMarkup(at open: Int) -> Int? {
        for (start, end) in [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>")] where matches(start, at: open) {
            return find(Array(end.utf8), from: open + start.utf8.count).map { $0 + end.utf8.count } ?? bytes.count
        }
        return nil
    }

    /// Reads the start tag at `open`, recording an image's `href`; returns where scanning goes on.
    private mutating func tag(at open: Int) -> Int {
        var i = open + 1
        let nameStart = i
        while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") { i += 1 }
        let local = Self.localName(bytes[nameStart..<i])
        guard local == Array("image".utf8) || local == Array("feImage".utf8) else { return i }
        while i < bytes.count {
            while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") else { return i }
            let attributeStart = i
            while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: "=") { i += 1 }
            let name = bytes[attributeStart..<i]
            while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return i }
            i += 1
            while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return i }
            guard let close = next(bytes[i], from: i + 1) else { return bytes.count }
            if Self.localName(name) == Array("href".utf8) {
                all.append(Reference(value: Array(bytes[(i + 1)..<close]), range: (i + 1)..<close))
            }
            i = close + 1
        }
        return i
    }

    /// The part of a qualified name after its prefix (`xlink:href` → `href`).
    private static func localName(_ name: ArraySlice<UInt8>) -> [UInt8] {
        Array(name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func next(_ byte: UInt8, from start: Int) -> Int? {
        start < bytes.count ? bytes[start...].firstIndex(of: byte) : nil
    }

    private func matches(_ text: String, at index: Int) -> Bool {
        let pattern = Array(text.utf8)
        return index + pattern.count <= bytes.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        var i = start
        while let candidate = next(pattern[0], from: i) {
            if candidate + pattern.count > bytes.count { return nil }
            if bytes[candidate..<(candidate + pattern.count)].elementsEqual(pattern) { return candidate }
            i = candidate + 1
        }
        return nil
    }
}
