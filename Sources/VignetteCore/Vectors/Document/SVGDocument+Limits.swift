extension SVGDocument {
    /// The budgets an SVG file is held to, each checked before the work it
    /// bounds: a file over one is refused with an error naming the limit.
    ///
    /// The defaults fit any icon or illustration; a server rendering
    /// strangers' files may tighten them.
    ///
    /// ```swift
    /// var limits = SVGDocument.Limits.standard
    /// limits.maxElements = 2_000
    /// let icon = try SVGDocument(data: bytes, limits: limits)
    /// ```
    public struct Limits: Sendable, Hashable {
        /// The most bytes of SVG source.
        public var maxBytes = 8 << 20
        /// The most elements in the file.
        public var maxElements = 50_000
        /// The deepest nesting of elements, in the file and through `use`.
        public var maxDepth = 128
        /// The most bytes in one attribute value or text node.
        public var maxAttributeBytes = 1 << 20
        /// The most elements drawn after `use` references are expanded.
        public var maxRenderedElements = 100_000
        /// The most path segments, over every shape drawn.
        public var maxPathSegments = 1_000_000
        /// The most dashes one stroke's `stroke-dasharray` may cut it into.
        public var maxDashes = 10_000
        /// The most offscreen layers (group opacity, masks, clips, filters) alive at once.
        public var maxLayers = 16
        /// The most pixels of the output (width × height).
        public var maxPixels = 64 << 20
        /// The most edge rows the rasterizer may walk, and filter pixels
        /// planned, over the whole render: the total coverage work.
        public var maxCoverageWork = 200_000_000
        /// The most glyphs `text` elements may shape, over the whole render.
        public var maxGlyphs = 100_000

        /// The defaults.
        public static let standard = Limits()

        /// Limits with the defaults.
        public init() {}
    }
}
