import Foundation

/// An SVG file, parsed and checked, ready to draw at any size: icons as
/// vectors, drawn by Vignette's own rasterizer (coverage from the winding
/// number on 16 sample lines per pixel row, exact across, in integers), so
/// the same file gives the same bytes on every machine.
///
/// Only `#fragment` and `data:` references resolve: an SVG never makes
/// Vignette read a file or open a connection.
///
/// ```swift
/// let icon = try SVGDocument(data: Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="currentColor"/></svg>"#.utf8))
/// let pixels = try icon.render(width: 48, height: 48, currentColor: Color(red: 0, green: 122, blue: 255))
/// ```
public struct SVGDocument: Sendable, Hashable {
    package let root: SVGElement
    /// The tree drawn and its id table, derived from `root`.
    let resolved: Resolved
    /// The tree drawn: `root` resolved once, every element's style, transform, effects and shape parsed.
    var tree: SVGNode { resolved.tree }
    /// What the tree's `#id` references resolve to.
    var table: SVGNode.Table { resolved.table }

    /// What reading a document derives from its elements once. Documents are
    /// equal and hash by what they were read from (`root`, `limits`, `fonts`),
    /// so this takes no part: comparing or hashing a document does not walk the tree twice more.
    struct Resolved: Sendable, Hashable {
        let tree: SVGNode
        let table: SVGNode.Table

        static func == (_: Resolved, _: Resolved) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }
    /// The budgets the file was read with, and is drawn with.
    public let limits: Limits
    /// The document's own size in points (CSS pixels): its `width` and
    /// `height`, else its `viewBox`'s, else 100 × 100.
    public let size: Size
    /// The user-space rectangle the document shows (`viewBox`), if it has one.
    public let viewBox: Rect?
    /// The names of elements in the file that Vignette does not draw
    /// (`text`, `filter`, …), and each image it does not read (`image
    /// logo.png`: any reference but `data:`), each once, sorted.
    public let skippedElements: [String]

    /// The fonts its `text` is drawn with.
    package let fonts: FontCollection?
    /// The font families its text asks for (`font-family`, generic names
    /// such as `serif` left out), each once, sorted; empty when it has no `text`.
    package let fontFamilies: [String]
    /// The font families its text asks for that its fonts do not have
    /// (generic names such as `serif` left out), each once, sorted: that text
    /// is drawn in the collection's first family and its fallback chain.
    package let missingFontFamilies: [String]

    /// Reads an SVG file's bytes, refusing what is not well-formed or
    /// exceeds `limits`; its `text` is drawn with `fonts` (nil: the bundled
    /// Noto Sans, read only when text is drawn).
    public init(data: Data, limits: Limits = .standard, fonts: FontCollection? = nil) throws(Error) {
        try self.init(bytes: Array(data), limits: limits, fonts: fonts)
    }

    /// Reads an SVG file's bytes, refusing what is not well-formed or
    /// exceeds `limits`; its `text` is drawn with `fonts`.
    package init(bytes: [UInt8], limits: Limits = .standard, fonts: FontCollection? = nil) throws(Error) {
        let parsed = try SVGXMLReader.parse(bytes, limits: limits)
        guard parsed.name == "svg" else { throw .notSVG(root: parsed.name) }
        var css = ""
        parsed.forEachDescendant { element in
            if element.name == "style", (element["type"] ?? "text/css") == "text/css" { css += element.text + "\n" }
        }
        let root = try SVGStyleSheet(css).resolve(parsed, budget: limits.maxCoverageWork).resolvingFontSizes()
        let tree = SVGNode(root)
        resolved = Resolved(tree: tree, table: SVGNode.Table(tree))
        try Self.checkExpansion(root, ids: resolved.table.elements, limits: limits)
        self.root = root
        self.limits = limits
        let box = SVGViewport.viewBox(root["viewBox"])
        viewBox = box.map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        size = Self.intrinsicSize(root, viewBox: box)
        skippedElements = Self.skipped(in: root)
        self.fonts = fonts
        fontFamilies = Self.fontFamilies(in: root)
        // Only a file naming families reads the bundled fonts: an icon starts no font library.
        let present = fontFamilies.isEmpty ? [] : Set((fonts ?? .standard).families.map { $0.lowercased() })
        missingFontFamilies = fontFamilies.filter { !present.contains($0.lowercased()) }
    }

    /// Whether `bytes` look like an SVG file (an `<svg` root after the XML
    /// prolog), without parsing them: for sniffing a source.
    package static func isSVG(_ bytes: some Collection<UInt8>) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard let open = head.range(of: "<svg") else { return false }
        let before = head[..<open.lowerBound]
        return !before.contains("<html") && !before.contains("<HTML")
    }

    /// Draws the document stretched to `width × height` pixels (its
    /// `viewBox` fitted into its own size by `preserveAspectRatio`, then that
    /// size scaled to the pixels), `currentColor` as the initial `color`.
    public func render(
        width: Int, height: Int, currentColor: Color? = nil, budget: MemoryBudget = .standard
    ) throws(Error) -> Bitmap {
        guard width > 0, height > 0 else { throw .invalidSize(width: Double(width), height: Double(height)) }
        let pixels = width.multipliedReportingOverflow(by: height)
        guard !pixels.overflow, pixels.partialValue <= limits.maxPixels else {
            throw .limitExceeded(limit: "maxPixels", value: pixels.overflow ? .max : pixels.partialValue)
        }
        let bytes = SVGCanvas.bytes(width: width, height: height) * 2 + CoverageRaster.bytes(width: width, height: height)
        guard bytes <= budget.bytes else { throw .limitExceeded(limit: "MemoryBudget", value: bytes) }
        var canvas = SVGCanvas(width: width, height: height)
        var renderer = SVGRenderer(tree: tree, table: table, width: width, height: height, limits: limits)
        // What the budget leaves after the canvases bounds the edges of any one shape.
        renderer.raster.maxEdges = (budget.bytes - bytes) / CoverageRaster.edgeBytes
        renderer.fonts = fonts
        var style = SVGStyle()
        if let currentColor {
            style.color = SVGColor(red: currentColor.red, green: currentColor.green, blue: currentColor.blue, alpha: currentColor.alpha)
        }
        let toPixels = AffineTransform.scale(Double(width) / size.width, Double(height) / size.height)
        renderer.documentScale = (toPixels.a, toPixels.d)
        let state = SVGRenderer.State(style: style, transform: toPixels.concatenating(rootTransform), viewport: viewport, depth: 1)
        try renderer.drawRoot(tree, state: state, on: &canvas)
        return Bitmap(trustedWidth: width, height: height, scale: 1, pixels: canvas.pixels)
    }

    /// The user space of the root in its own size.
    var rootTransform: AffineTransform {
        guard let viewBox else { return .identity }
        let box = (viewBox.origin.x, viewBox.origin.y, viewBox.size.width, viewBox.size.height)
        return SVGViewport.parse(root["preserveAspectRatio"]).transform(box: box, width: size.width, height: size.height)
    }

    /// What percentages in the root refer to.
    var viewport: (width: Double, height: Double) {
        viewBox.map { ($0.size.width, $0.size.height) } ?? (size.width, size.height)
    }
}
