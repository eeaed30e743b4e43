extension ImageRenderer {
    /// Checks the presentation beyond UIKit's four: a focal point within
    /// 0...1, a corner radius, border width, effect parameters and backdrop
    /// σ within their ranges, at most `ImageOverlay.maxCount` overlays, each
    /// valid, with a valid presentation of its own. Rendering never runs it
    /// (every renderer clamps what is out of range, the same way);
    /// `PresentationSyntax` and presets run it on text a stranger wrote, and
    /// you can on values built from input you check.
    public static func validatePresentation<Reference>(_ descriptor: ImageDescriptor<Reference>) throws(ImageRenderer.Error) {
        func invalid(_ property: String, _ value: CustomStringConvertible, _ allowed: String) -> ImageRenderer.Error {
            .invalidPresentation(property: property, value: "\(value)", allowed: allowed)
        }
        guard descriptor.focus.isValid else { throw invalid("focus", descriptor.focus, "x and y within 0...1") }
        guard descriptor.shape.isValid else { throw invalid("shape", descriptor.shape, "a corner radius ≥ 0") }
        if let border = descriptor.border, !border.isValid { throw invalid("border", border, "a width ≥ 0") }
        for effect in descriptor.effects where !effect.isValid {
            throw invalid("effect", effect, "blur σ 0...\(Int(ImageEffect.maxSigma)), sharpen 0...\(Int(ImageEffect.maxSharpenAmount))")
        }
        if let backdrop = descriptor.backdrop, !backdrop.isValid {
            throw invalid("backdrop", backdrop, "σ 0...\(Int(ImageEffect.maxSigma))")
        }
        guard descriptor.overlays.count <= ImageOverlay.maxCount else {
            throw .tooManyOverlays(count: descriptor.overlays.count, limit: ImageOverlay.maxCount)
        }
        for (index, overlay) in descriptor.overlays.enumerated() {
            guard overlay.isValid else { throw invalid("overlays[\(index)]", overlay, "finite offset, size ≥ 0, opacity 0...1") }
            try validateOverlayPresentation(overlay.descriptor, index: index)
        }
    }

    /// An overlay's own presentation, named after the overlay (its own
    /// overlays are never drawn, so not checked).
    private static func validateOverlayPresentation(
        _ descriptor: ImageDescriptor<AnyLocalImage>, index: Int
    ) throws(ImageRenderer.Error) {
        do {
            try validatePresentation(descriptor.overlays([]))
        } catch .invalidPresentation(let property, let value, let allowed) {
            throw .invalidPresentation(property: "overlays[\(index)] \(property)", value: value, allowed: allowed)
        }
    }
}
