import CDeflate

/// An `image` whose `data:` URL holds an SVG document (plain, or gzipped
/// as an `.svgz`): the document is read with the same limits and drawn as
/// vectors into the image's viewport, as resvg and browsers draw it. Its
/// work counts against this document's budgets (elements drawn, path
/// segments, layers, coverage work, the bytes read, and the depth: an SVG
/// image inside an SVG image is one level deeper, as a `use` is).
extension SVGRenderer {
    /// The SVG document in an image's bytes; nil when they are not SVG (a
    /// raster image) or not well-formed (the image draws nothing, as a
    /// corrupt PNG does). A document over a limit is refused, naming it.
    mutating func svgImage(_ bytes: [UInt8]) throws(SVGDocument.Error) -> SVGDocument? {
        var source = bytes
        if bytes.starts(with: [0x1F, 0x8B]) {
            guard let inflated = Self.gunzip(bytes, maxBytes: limits.maxBytes) else { return nil }
            source = inflated
        }
        guard SVGDocument.isSVG(source) else { return nil }
        // Reading is work too: a `use` of one large image a thousand times reads it a thousand times.
        filterWork = filterWork.addingClamped(source.count)
        guard filterWork <= limits.maxCoverageWork else { throw .limitExceeded(limit: "maxCoverageWork", value: filterWork) }
        do {
            return try SVGDocument(bytes: source, limits: limits)
        } catch .limitExceeded(let limit, let value) {
            throw .limitExceeded(limit: limit, value: value)
        } catch {
            return nil
        }
    }

    /// Draws `document` fitted into `placement`, clipped to where the
    /// document's own size and the image's viewport meet, on a layer of its own.
    mutating func drawSVGImage(
        _ document: SVGDocument, in placement: ImagePlacement, state: State, on canvas: inout SVGCanvas
    ) throws(SVGDocument.Error) {
        layers += 1
        defer { layers -= 1 }
        guard layers <= limits.maxLayers else { throw .limitExceeded(limit: "maxLayers", value: layers) }
        var layer = SVGCanvas(width: canvas.width, height: canvas.height)
        var inner = SVGRenderer(tree: document.tree, table: document.table, width: canvas.width, height: canvas.height, limits: limits)
        inner.takeCounts(from: self)
        // A new document: its styles start from the initial values, not from the image element's.
        let innerState = State(
            style: SVGStyle(), transform: placement.toDevice.concatenating(document.rootTransform), viewport: document.viewport,
            depth: state.depth + 1)
        try inner.drawRoot(document.tree, state: innerState, on: &layer)
        takeCounts(from: inner)
        // One clip, not two: where the document's edge meets the viewport's, two would square the edge's coverage.
        try clip(&layer, to: placement.visible, transform: state.transform)
        canvas.composite(layer, opacity: 255)
    }

    /// The budgets' counts and the raster's edge budget of `other`, so work
    /// on either renderer counts against the same limits.
    private mutating func takeCounts(from other: SVGRenderer) {
        renderedElements = other.renderedElements
        pathSegments = other.pathSegments
        layers = other.layers
        filterWork = other.filterWork
        raster.work = other.raster.work
        raster.maxEdges = other.raster.maxEdges
        (fonts, glyphCount) = (other.fonts, other.glyphCount)
    }

    /// The bytes a gzip stream inflates to, when they are at most
    /// `maxBytes` (the size its trailer states is checked before the
    /// buffer is allocated, and the inflater never writes past it); nil otherwise.
    static func gunzip(_ bytes: [UInt8], maxBytes: Int) -> [UInt8]? {
        guard bytes.count >= 18 else { return nil }
        // The trailer's ISIZE: the inflated size modulo 2³², little-endian.
        let stated = bytes.suffix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
        guard stated > 0, stated <= maxBytes, let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var out = [UInt8](repeating: 0, count: stated)
        var written = 0
        let result = bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { output in
                libdeflate_gzip_decompress(decompressor, input.baseAddress, input.count, output.baseAddress, output.count, &written)
            }
        }
        guard result == LIBDEFLATE_SUCCESS, written == stated else { return nil }
        return out
    }
}
