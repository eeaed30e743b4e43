extension ImageDescriptor where Reference: LocalImageReference {
    /// The descriptor with its reference resolved to pixels for `scale`. A
    /// reference that draws the tint itself (a vector, as its
    /// `currentColor`) takes it, and the tint is then cleared so the
    /// renderer does not recolour the result as a template.
    package func resolvedPixels(forScale scale: Double) throws(Reference.Failure) -> ImageDescriptor<Bitmap> {
        guard let tint else { return try map { (reference: Reference) throws(Reference.Failure) in try reference.bitmap(forScale: scale) } }
        var drawn = false
        var resolved = try map { (reference: Reference) throws(Reference.Failure) -> Bitmap in
            let (bitmap, tinted) = try reference.bitmap(forScale: scale, tint: tint)
            drawn = tinted
            return bitmap
        }
        if drawn { resolved.tint = nil }
        return resolved
    }
}

extension ImageOverlay {
    /// The overlay with its reference resolved for `scale` (a vector drawing the overlay's tint itself).
    package func resolved(forScale scale: Double) throws(ImageResourceError) -> ImageOverlay {
        var overlay = self
        let pixels = try descriptor.resolvedPixels(forScale: scale)
        overlay.descriptor = pixels.map { AnyLocalImage($0) }
        return overlay
    }
}
