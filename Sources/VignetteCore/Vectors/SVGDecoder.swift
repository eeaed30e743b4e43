import Foundation

/// SVG as a source like any bitmap format: recognised by its `<svg` root
/// (never by name or Content-Type) and drawn by ``SVGDocument`` at the
/// pixels the render needs — the target's size when the decoding options
/// carry one (a vector has no pixels of its own to shrink), else its own
/// size at the request's scale. The limits of ``DecodingOptions`` bound the
/// pixels; ``SVGDocument/Limits`` bound the file.
///
/// ```swift
/// let icon = try SVGDecoder().decode(svgData, options: DecodingOptions(scale: 3))  // its size in points, @3x
/// ```
public struct SVGDecoder: ImageDecoding {
    /// The budgets each file is held to.
    public var limits: SVGDocument.Limits
    /// The fonts `text` is drawn with (the bundled Noto Sans unless given).
    package var fonts: FontCollection?

    /// A decoder with `limits`, drawing text with `fonts` (nil: the bundled Noto Sans, read only when text is drawn).
    public init(limits: SVGDocument.Limits = .standard, fonts: FontCollection? = nil) {
        self.limits = limits
        self.fonts = fonts
    }

    /// `svg`.
    public var format: ImageFormat { .svg }

    /// True when the first kilobytes hold an `<svg` root.
    public func recognizes(_ data: Data) -> Bool { SVGDocument.isSVG(data) }

    /// Parses and draws the file (see the type's discussion for the size).
    public func decode(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> Bitmap {
        guard options.scale.isFinite, options.scale > 0 else { throw ImageDecoders.Error(format: .svg, reason: .invalidScale(options.scale)) }
        let document: SVGDocument
        do {
            document = try SVGDocument(data: data, limits: limits, fonts: fonts)
        } catch {
            throw Self.decodingError(error)
        }
        let (width, height, scale) = Self.pixels(for: document.size, options: options)
        guard width <= options.maxSide, height <= options.maxSide else {
            throw ImageDecoders.Error(format: .svg, reason: .sideTooLong(width: width, height: height, limit: options.maxSide))
        }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= options.maxPixelCount else {
            throw ImageDecoders.Error(format: .svg, reason: .tooLarge(width: width, height: height, limit: options.maxPixelCount))
        }
        do {
            var bitmap = try document.render(width: width, height: height, currentColor: options.currentColor)
            bitmap.scale = scale
            bitmap.drewTint = options.currentColor != nil
            return bitmap
        } catch {
            throw Self.decodingError(error)
        }
    }

    /// A budget of the file's is `unsupported` (the bytes may be fine, this
    /// server does not draw that much); anything else is `malformed`.
    static func decodingError(_ error: SVGDocument.Error) -> ImageDecoders.Error {
        if case .limitExceeded = error { return ImageDecoders.Error(format: .svg, reason: .unsupported(error.description), underlying: error) }
        return ImageDecoders.Error(format: .svg, reason: .malformed(error.description), underlying: error)
    }

    /// The pixel size to draw at and the bitmap's scale: the pixels the
    /// target's content mode needs (from the one side given, when the other
    /// is open) unless the sizing forbids enlarging, else the document's
    /// size at `options.scale`.
    static func pixels(for size: Size, options: DecodingOptions) -> (width: Int, height: Int, scale: Double) {
        func clamp(_ value: Double) -> Int { Int(min(1e9, max(1, value.rounded()))) }
        let own = (clamp(size.width * options.scale), clamp(size.height * options.scale), options.scale)
        guard let target = options.shrinkTarget, target.sizing.enlarge,
            [ContentMode.scaleToFill, .aspectFit, .aspectFill].contains(target.contentMode)
        else { return own }
        let rx = Double(target.size.width) / size.width
        let ry = Double(target.size.height) / size.height
        switch (target.size.width > 0, target.size.height > 0) {
        case (true, false): return (target.size.width, clamp(size.height * rx), rx)
        case (false, true): return (clamp(size.width * ry), target.size.height, ry)
        case (false, false): return own
        case (true, true): break
        }
        switch target.contentMode {
        case .scaleToFill: return (target.size.width, target.size.height, rx)
        case .aspectFit: return (clamp(size.width * min(rx, ry)), clamp(size.height * min(rx, ry)), min(rx, ry))
        default: return (clamp(size.width * max(rx, ry)), clamp(size.height * max(rx, ry)), max(rx, ry))
        }
    }
}

extension SVGDocument: LocalImageReference {
    /// Drawing fails only on a budget.
    public typealias Failure = SVGDocument.Error

    /// The document at its own size in points, `scale` pixels per point.
    public func bitmap(forScale scale: Double) throws(SVGDocument.Error) -> Bitmap {
        try bitmap(forScale: scale, currentColor: nil)
    }

    /// The document drawn with `tint` as its `currentColor`: its other colours stay.
    public func bitmap(forScale scale: Double, tint: Color) throws(SVGDocument.Error) -> (bitmap: Bitmap, tinted: Bool) {
        (try bitmap(forScale: scale, currentColor: tint), true)
    }

    private func bitmap(forScale scale: Double, currentColor: Color?) throws(SVGDocument.Error) -> Bitmap {
        let width = Int(min(1e9, max(1, (size.width * scale).rounded())))
        let height = Int(min(1e9, max(1, (size.height * scale).rounded())))
        var bitmap = try render(width: width, height: height, currentColor: currentColor)
        bitmap.scale = scale
        return bitmap
    }
}
