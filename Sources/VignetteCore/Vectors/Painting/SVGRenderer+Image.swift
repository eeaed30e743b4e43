import Foundation

/// `image` elements whose `href` is a `data:` URL of a PNG, JPEG, WebP,
/// AVIF, GIF or HEIC, decoded by Vignette's own decoders within the
/// document's pixel budget, or of an SVG document (plain or gzipped), drawn
/// as vectors (``drawSVGImage(_:in:state:on:)``). Any other reference (a
/// file, a URL) draws nothing and is never read.
extension SVGRenderer {
    /// Where an image's content goes: its viewport (`x`, `y`, `width`,
    /// `height`; a missing or `auto` size is the content's own) and the
    /// transform from the content's pixels or user space to the device.
    struct ImagePlacement {
        var viewport: (x: Double, y: Double, width: Double, height: Double)
        var toDevice: AffineTransform
        /// The part of the viewport the fitted content covers (all of it when sliced), in the element's user space.
        var visible: (x: Double, y: Double, width: Double, height: Double)
    }

    mutating func drawImage(_ element: SVGElement, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
        guard state.style.visible, let href = element["href"], let data = Self.dataURLBytes(href) else { return }
        if let document = try svgImage(data) {
            guard let placement = Self.placement(of: element, intrinsic: (document.size.width, document.size.height), state: state) else { return }
            return try drawSVGImage(document, in: placement, state: state, on: &canvas)
        }
        guard let bitmap = decodeBitmap(data) else { return }
        let intrinsic = (Double(bitmap.width), Double(bitmap.height))
        guard let placement = Self.placement(of: element, intrinsic: intrinsic, state: state),
            let inverse = placement.toDevice.inverted
        else { return }
        layers += 1
        defer { layers -= 1 }
        guard layers <= limits.maxLayers else { throw .limitExceeded(limit: "maxLayers", value: layers) }
        // Coverage of the image's rectangle, within the element's viewport (a slice is cut there).
        var rect = VectorPath()
        let corners = [Vector2(x: 0, y: 0), Vector2(x: intrinsic.0, y: 0), Vector2(x: intrinsic.0, y: intrinsic.1), Vector2(x: 0, y: intrinsic.1)]
        rect.move(placement.toDevice.apply(corners[0]))
        for corner in corners.dropFirst() { rect.line(placement.toDevice.apply(corner)) }
        rect.close()
        var layer = SVGCanvas(width: canvas.width, height: canvas.height)
        try fillPolylines(PathFlattener(tolerance: 1).polylines(rect), rule: .nonZero, fill: .solid((255, 255, 255, 255)), on: &layer)
        layer.sample(bitmap.pixels, width: bitmap.width, height: bitmap.height, inverse: inverse, smooth: state.style.smoothImages)
        try clip(&layer, to: placement.viewport, transform: state.transform)
        canvas.composite(layer, opacity: 255)
    }

    /// The viewport of an `image` whose content is `intrinsic` wide and
    /// high, and its content fitted into it by `preserveAspectRatio`; nil
    /// when the viewport is empty.
    static func placement(of element: SVGElement, intrinsic: (Double, Double), state: State) -> ImagePlacement? {
        let shapes = SVGShapes(viewport: state.viewport)
        let x = shapes.length(element, "x", .horizontal)
        let y = shapes.length(element, "y", .vertical)
        let width = element["width"] == nil || element["width"] == "auto" ? intrinsic.0 : shapes.length(element, "width", .horizontal)
        let height = element["height"] == nil || element["height"] == "auto" ? intrinsic.1 : shapes.length(element, "height", .vertical)
        guard width > 0, height > 0, intrinsic.0 > 0, intrinsic.1 > 0 else { return nil }
        let fit = SVGViewport.parse(element["preserveAspectRatio"])
            .transform(box: (0, 0, intrinsic.0, intrinsic.1), width: width, height: height)
        // The fit only scales and moves, so the content's corners give its rectangle.
        let (low, high) = (fit.apply(Vector2(x: 0, y: 0)), fit.apply(Vector2(x: intrinsic.0, y: intrinsic.1)))
        let left = max(x, x + min(low.x, high.x))
        let top = max(y, y + min(low.y, high.y))
        let right = min(x + width, x + max(low.x, high.x))
        let bottom = min(y + height, y + max(low.y, high.y))
        guard right > left, bottom > top else { return nil }
        return ImagePlacement(
            viewport: (x, y, width, height), toDevice: state.transform.concatenating(.translation(x, y)).concatenating(fit),
            visible: (left, top, right - left, bottom - top))
    }

    /// The bytes of a `data:` URL (base64 or percent-encoded), or nil. The
    /// media type is not trusted: the bytes are sniffed.
    static func dataURLBytes(_ href: String) -> [UInt8]? {
        guard href.hasPrefix("data:"), let comma = href.firstIndex(of: ",") else { return nil }
        let header = href[href.index(href.startIndex, offsetBy: 5)..<comma]
        let payload = String(href[href.index(after: comma)...])
        if header.hasSuffix(";base64") {
            return Data(base64Encoded: payload.filter { !$0.isWhitespace }, options: .ignoreUnknownCharacters).map { Array($0) }
        }
        return payload.removingPercentEncoding.map { Array($0.utf8) }
    }

    /// A raster image's bitmap, or nil.
    func decodeBitmap(_ bytes: [UInt8]) -> Bitmap? {
        let decoders = ImageDecoders(ImageDecoders.standard.decoders.filter { $0.format != .svg })
        let options = DecodingOptions(maxPixelCount: limits.maxPixels)
        return try? decoders.decode(Data(bytes), options: options)
    }
}

extension SVGCanvas {
    /// Replaces each pixel's white coverage with the bitmap sampled there
    /// (bilinear, premultiplied, 8-bit fixed-point weights; the nearest
    /// pixel when not `smooth`) times that coverage.
    mutating func sample(_ source: [UInt8], width: Int, height: Int, inverse: AffineTransform, smooth: Bool = true) {
        for y in 0..<self.height {
            for x in 0..<self.width {
                let i = (y * self.width + x) * 4
                let coverage = pixels[i + 3]
                guard coverage != 0 else { continue }
                let p = inverse.apply(Vector2(x: Double(x) + 0.5, y: Double(y) + 0.5))
                guard smooth else {
                    // Clamped in doubles first: a far or non-finite point must not trap in Int(_:).
                    func nearest(_ v: Double, _ n: Int) -> Int { v.isFinite ? Int(min(max(v.rounded(.down), 0), Double(n - 1))) : 0 }
                    let s = (nearest(p.y, height) * width + nearest(p.x, width)) * 4
                    for k in 0..<4 { pixels[i + k] = PixelMath.multiply(source[s + k], coverage) }
                    continue
                }
                let sx = min(max(p.x - 0.5, 0), Double(width - 1))
                let sy = min(max(p.y - 0.5, 0), Double(height - 1))
                let x0 = Int(sx)
                let y0 = Int(sy)
                let fx = DeterministicMath.roundedNonNegative((sx - Double(x0)) * 256)
                let fy = DeterministicMath.roundedNonNegative((sy - Double(y0)) * 256)
                let x1 = min(x0 + 1, width - 1)
                let y1 = min(y0 + 1, height - 1)
                for k in 0..<4 {
                    let top = Int(source[(y0 * width + x0) * 4 + k]) * (256 - fx) + Int(source[(y0 * width + x1) * 4 + k]) * fx
                    let bottom = Int(source[(y1 * width + x0) * 4 + k]) * (256 - fx) + Int(source[(y1 * width + x1) * 4 + k]) * fx
                    let value = UInt8((top * (256 - fy) + bottom * fy + 32_768) >> 16)
                    pixels[i + k] = PixelMath.multiply(value, coverage)
                }
            }
        }
    }
}
