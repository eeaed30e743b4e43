extension ImageRenderer {
    /// `descriptor` with each overlay's reference resolved once, at the
    /// canvas's `scale`, to its bitmap (`AnyLocalImage(bitmap)`), so drawing
    /// and budgeting never read a file. Throws `.overlayUnavailable` for a
    /// reference that cannot be resolved, `.invalidImageScale` for a bitmap
    /// without a usable scale and `.overlayTooLarge` for an overlay with more
    /// pixels than a surface may have.
    static func resolvingOverlays(
        _ descriptor: ImageDescriptor<Bitmap>, scale: Double
    ) throws(ImageRenderer.Error) -> ImageDescriptor<Bitmap> {
        var resolved = descriptor
        for (index, overlay) in descriptor.overlays.enumerated() {
            let overlayResolved: ImageOverlay
            do {
                overlayResolved = try overlay.resolved(forScale: scale)
            } catch {
                throw .overlayUnavailable(index: index, error)
            }
            guard let bitmap = overlayResolved.descriptor.reference.base as? Bitmap else { continue }
            guard bitmap.scale.isFinite, bitmap.scale > 0 else { throw .invalidImageScale(bitmap.scale) }
            let size = overlay.size ?? bitmap.size
            do {
                try validate(size: size, scale: scale)
            } catch {
                throw .overlayTooLarge(index: index, size: size, scale: scale)
            }
            resolved.overlays[index] = overlayResolved
        }
        return resolved
    }
}

extension ImageDescriptor {
    /// The descriptor with each overlay's reference resolved once for a
    /// surface of `scale` (so rendering never reads a file); an overlay that
    /// cannot be resolved — a missing bundled image — is left out, as a
    /// missing placeholder shows empty. (`ImageRenderer.render` throws
    /// `.overlayUnavailable` for it instead.)
    package func resolvingOverlays(forScale scale: Double) -> Self {
        guard !overlays.isEmpty else { return self }
        var copy = self
        copy.overlays = overlays.compactMap { overlay in
            if overlay.descriptor.reference.base is Bitmap { return overlay }
            return try? overlay.resolved(forScale: scale)
        }
        return copy
    }
}
