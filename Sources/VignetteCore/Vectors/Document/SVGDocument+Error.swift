extension SVGDocument {
    /// Why an SVG file could not be read or drawn, naming what was wrong.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The bytes are not UTF-8 XML (or XML with a syntax error at `offset`).
        case malformedXML(offset: Int, reason: String)
        /// A document type declaration with an internal subset: entity
        /// definitions are refused (no billion laughs).
        case documentTypeDefinition(offset: Int)
        /// An entity other than the five predefined ones and character references.
        case undefinedEntity(offset: Int, name: String)
        /// The root element is not `svg`.
        case notSVG(root: String)
        /// A budget of ``SVGDocument/Limits`` was exceeded: its name, its value.
        case limitExceeded(limit: String, value: Int)
        /// The document's size cannot be drawn (zero, negative or not finite).
        case invalidSize(width: Double, height: Double)

        /// What was wrong, in words a user can act on.
        public var description: String {
            switch self {
            case .malformedXML(let offset, let reason): "the SVG is not well-formed XML at byte \(offset): \(reason)"
            case .documentTypeDefinition(let offset):
                "the SVG declares a DTD with an internal subset at byte \(offset); entity definitions are not accepted"
            case .undefinedEntity(let offset, let name):
                "the SVG uses the entity '&\(name);' at byte \(offset); only &lt; &gt; &amp; &quot; &apos; and character references are accepted"
            case .notSVG(let root): "the document's root element is <\(root)>, not <svg>"
            case .limitExceeded(let limit, let value): "the SVG exceeds SVGDocument.Limits.\(limit) (\(value))"
            case .invalidSize(let width, let height): "the SVG's size \(width)x\(height) cannot be drawn"
            }
        }
    }
}
