import Foundation

/// `image` elements whose `href` is a `data:` URL of a PNG, JPEG, WebP,
/// AVIF, GIF or HEIC, decoded by Vignette's own decoders within the
/// document's pixel budget. Any other reference (a file, a URL, an SVG)
/// draws nothing and is never read.
extension SVGRenderer {
    mutating func drawImage(_ element: SVGElement, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
        guard state.style.visible, let href = element["href"], let bitmap = decodeDataURL(href) else { return }
        let shapes = SVGShapes(viewport: state.viewport)
        let x = shapes.length(element, "x", .horizontal)
        let y = shapes.length(element, "y", .vertical)
        let intrinsic = (Double(bitmap.width), Double(bitmap.height))
        let width = element["width"] == nil || element["width"] == "auto" ? intrinsic.0 : shapes.length(element, "width", .horizontal)
        let height = element["height"] == nil || element["height"] == "auto" ? intrinsic.1 : shapes.length(element, "height", .vertical)
        guard width > 0, height > 0 else { return }
        let fit = SVGViewport.parse(element["preserveAspectRatio"])
            .transform(box: (0, 0, intrinsic.0, intrinsic.1), width: width, height: height)
        let toDevice = state.transform.concatenating(.translation(x, y)).concatenating(fit)
        guard let inverse = toDevice.inverted else { return }
        layers += 1
        defer { layers -= 1 }
        guard layers <= limits.maxLayers else { throw .limitExceeded(limit: "maxLayers", value: layers) }
        // Coverage of the image's rectangle, within the element's viewport (a slice is cut there).
        var rect = VectorPath()
        let corners = [Vector2(x: 0, y: 0), Vector2(x: intrinsic.0, y: 0), Vector2(x: intrinsic.0, y: intrinsic.1), Vector2(x: 0, y: intrinsic.1)]
        rect.move(toDevice.apply(corners[0]))
        for corner in corners.dropFirst() { rect.line(toDevice.apply(corner)) }
        rect.close()
        var layer = SVGCanvas(width: canvas.width, height: canvas.height)
        try fillPolylines(PathFlattener(tolerance: 1).polylines(rect), rule: .nonZero, fill: .solid((255, 255, 255, 255)), on: &layer)
        layer.sample(bitmap.pixels, width: bitmap.width, height: bitmap.height, inverse: inverse, smooth: state.style.smoothImages)
        try clip(&layer, to: (x, y, width, height), transform: state.transform)
        canvas.composite(layer, opacity: 255)
    }

    /// The bitmap of a `data:` URL (base64 or percent-encoded), or nil.
    func decodeDataURL(_ href: String) -> Bitmap? {
        guard href.hasPrefix("data:"), let comma = href.firstIndex(of: ",") else { return nil }
        let header = href[href.index(href.startIndex, offsetBy: 5)..<comma]
        let payload = String(href[href.index(after: comma)...])
        let data: Data?
        if header.hasSuffix(";base64") {
            data = Data(base64Encoded: payload.filter { !$0.isWhitespace }, options: .ignoreUnknownCharacters)
        } else {
            data = payload.removingPercentEncoding.map { Data($0.utf8) }
        }
        guard let data else { return nil }
        let decoders = ImageDecoders(ImageDecoders.standard.decoders.filter { $0.format != .svg })
        let options = DecodingOptions(maxPixelCount: limits.maxPixels)
        return try? decoders.decode(data, options: options)
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
                let fx = Int(((sx - Double(x0)) * 256).rounded())
                let fy = Int(((sy - Double(y0)) * 256).rounded())
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
