import Foundation
import Vignette

extension RenderParameters {
    /// `fp`, `rt`, `el` and `ex` (the last three were refused already
    /// unless the preset allows sizing).
    mutating func readPresentation(_ values: [String: String]) throws(Error) {
        if let text = values["fp"] {
            let point = PresentationSyntax.pair(text).map { Focus.point(x: $0.0, y: $0.1) }
            guard let point, point.isValid else { throw .invalid("fp", text, expected: "X,Y: fractions 0...1 of the image, origin top-left") }
            focalPoint = point
        }
        if let text = values["rt"] {
            guard let type = ResizingType(rawValue: text) else { throw .invalid("rt", text, expected: "fit, fill, fill-down or force") }
            resizingType = type
        }
        enlarge = try Self.flag("el", values["el"])
        extend = try Self.flag("ex", values["ex"])
    }

    private static func flag(_ name: String, _ text: String?) throws(Error) -> Bool? {
        switch text {
        case nil: nil
        case "0": false
        case "1": true
        case let text?: throw .invalid(name, text, expected: "0 or 1")
        }
    }

    /// The preset's descriptor with what this request says about its one
    /// image: the focal point, and (when the preset allows it) the resizing
    /// type, enlarge and extend.
    package func applied<Reference>(to descriptor: ImageDescriptor<Reference>) -> ImageDescriptor<Reference> {
        var descriptor = descriptor
        if let focalPoint { descriptor.focus = focalPoint }
        if let resizingType {
            switch resizingType {
            case .fit: descriptor.contentMode = .aspectFit
            case .fill, .fillDown: descriptor.contentMode = .aspectFill
            case .force: descriptor.contentMode = .scaleToFill
            }
            descriptor.sizing.fillDown = resizingType == .fillDown
        }
        if let enlarge { descriptor.sizing.enlarge = enlarge }
        if let extend {
            descriptor.sizing.extend = extend
            // extendAspectRatio means something only with extend off.
            if extend { descriptor.sizing.extendAspectRatio = false }
        }
        return descriptor
    }

    /// Checks, once the image is decoded, that an open side stays within
    /// the limits: it is at most the image's side scaled as the given side
    /// scales it (aspectFit, aspectFill, scaleToFill; enlarge off and
    /// extend off only make it smaller), or the image's own side for the
    /// fixed-size modes; and the output at most `maxOutputPixels`.
    /// Nothing to check without an open side.
    package func checkOpenSide(_ shown: ImageDescriptor<Bitmap>, limits: ServerConfiguration.Limits) throws(Error) {
        let image = shown.reference
        guard size.width == 0 || size.height == 0, image.width > 0, image.height > 0, image.scale.isFinite, image.scale > 0 else { return }
        let imageWidth = Double(image.width) / image.scale
        let imageHeight = Double(image.height) / image.scale
        let scales = [ContentMode.aspectFit, .aspectFill, .scaleToFill].contains(shown.contentMode)
        let side: (name: String, points: Double, max: Int)
        if size.width == 0 {
            side = ("w", imageWidth * (scales ? size.height / imageHeight : 1), limits.maxWidth)
        } else {
            side = ("h", imageHeight * (scales ? size.width / imageWidth : 1), limits.maxHeight)
        }
        let points = side.points.rounded(.up)
        guard points <= Double(side.max) else { throw .openSideTooLarge(side.name, points: Int(min(points, 1e15)), max: side.max) }
        let given = max(size.width, size.height)
        let pixels = given * points * scale * scale
        guard pixels <= Double(limits.maxOutputPixels) else { throw .tooManyPixels(Int(pixels), limit: limits.maxOutputPixels) }
    }
}
