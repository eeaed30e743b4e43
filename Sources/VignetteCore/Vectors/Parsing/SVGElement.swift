/// One element of an SVG file as read: its local name in the SVG namespace
/// (a foreign element keeps its `prefix:name` and is never drawn), its
/// attributes (`xlink:href` read as `href`), children and text.
package struct SVGElement: Sendable, Hashable {
    /// The local name: `svg`, `path`, `g`, …
    package var name: String
    /// Attribute values by name, entities already expanded.
    package var attributes: [String: String]
    /// Child elements in document order.
    package var children: [SVGElement]
    /// The element's own character data (a `<style>` sheet, a `<text>`'s words).
    package var text: String
    /// The character data in pieces, each with the number of child elements
    /// before it: where a `<text>`'s words stand between its `<tspan>`s.
    package var segments: [Segment] = []

    /// A piece of character data after `childIndex` child elements.
    package struct Segment: Sendable, Hashable {
        package var childIndex: Int
        package var text: String
    }

    package init(name: String, attributes: [String: String] = [:], children: [SVGElement] = [], text: String = "") {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The attribute `name`, trimmed of XML white space.
    package subscript(_ attribute: String) -> String? {
        attributes[attribute].map { $0.trimmingXMLSpace() }
    }

    /// This element and its descendants, depth first.
    package func forEachDescendant(_ body: (SVGElement) -> Void) {
        body(self)
        for child in children { child.forEachDescendant(body) }
    }
}

extension String {
    /// Without leading and trailing XML white space (space, tab, CR, LF).
    package func trimmingXMLSpace() -> String {
        let utf8 = self.utf8
        guard let first = utf8.firstIndex(where: { !$0.isXMLSpace }) else { return "" }
        let last = utf8.lastIndex(where: { !$0.isXMLSpace })!
        return String(self[first...last])
    }
}

extension UInt8 {
    /// Space, tab, CR or LF.
    package var isXMLSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
