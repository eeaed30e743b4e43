/// `context-fill` and `context-stroke`: a marker's content painted with the
/// fill or stroke of the shape it is drawn on, a `use`'s content with the
/// `use`'s; anywhere else they paint nothing.
struct SVGContextPaint {
    /// One paint of the context element, with what it needs to be drawn as
    /// it is on that element: its `color`, its bounding box (for
    /// `objectBoundingBox` units) and its user space.
    struct Source {
        /// Never `contextFill` or `contextStroke`: those are resolved when the context is entered.
        var paint: SVGPaint
        var color: SVGColor
        var bounds: (min: Vector2, max: Vector2)?
        var transform: AffineTransform
        var viewport: (width: Double, height: Double)
    }

    /// What `context-fill` paints; nil paints nothing.
    var fill: Source?
    /// What `context-stroke` paints; nil paints nothing.
    var stroke: Source?
}

extension SVGRenderer {
    /// The context an element drawn with `state` gives the content it
    /// instantiates (a marker's, a `use`'s): its fill, and its stroke when
    /// the stroke has a width. `bounds` is only asked for a paint server.
    static func contextPaint(
        of state: State, bounds: () -> (min: Vector2, max: Vector2)?
    ) -> SVGContextPaint {
        let style = state.style
        func source(_ paint: SVGPaint) -> SVGContextPaint.Source? {
            switch paint {
            case .none: return nil
            case .contextFill: return state.contextPaint.fill
            case .contextStroke: return state.contextPaint.stroke
            case .color, .currentColor, .reference:
                let box: (min: Vector2, max: Vector2)?
                if case .reference = paint { box = bounds() } else { box = nil }
                return SVGContextPaint.Source(paint: paint, color: style.color, bounds: box, transform: state.transform, viewport: state.viewport)
            }
        }
        return SVGContextPaint(fill: source(style.fill), stroke: style.strokeWidth > 0 ? source(style.stroke) : nil)
    }

    /// `context-fill` or `context-stroke` as the context element draws it
    /// (a gradient or pattern in its user space, over its bounding box), at
    /// the `opacity` of the element painted with it; nil when it paints nothing.
    mutating func contextFill(_ paint: SVGPaint, style: SVGStyle, opacity: Double, state: State) throws(SVGDocument.Error) -> Fill? {
        guard let source = paint == .contextFill ? state.contextPaint.fill : state.contextPaint.stroke else { return nil }
        var outer = state
        outer.style.color = source.color
        outer.transform = source.transform
        outer.viewport = source.viewport
        // A pattern's tile is no content of the context element.
        outer.contextPaint = SVGContextPaint()
        var sourceStyle = style
        sourceStyle.color = source.color
        return try self.paint(source.paint, style: sourceStyle, opacity: opacity, bounds: source.bounds, state: outer)
    }
}

extension SVGContextPaint {
    /// The context as seen from a layer whose device space is `shift` from
    /// the canvas's (``SVGRenderer/drawClipped(_:to:in:state:on:)``'s small
    /// layer starts at its own corner): the paints move with it.
    func moved(by shift: AffineTransform) -> SVGContextPaint {
        guard fill != nil || stroke != nil else { return self }
        func moved(_ source: Source?) -> Source? {
            guard var source else { return nil }
            source.transform = shift.concatenating(source.transform)
            return source
        }
        return SVGContextPaint(fill: moved(fill), stroke: moved(stroke))
    }
}
