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
    /// cannot be resolved — a missing bundled image — is left out and its
    /// error appended to `errors` (a surface reports them as
    /// `resourceErrors`; `ImageRenderer.render` throws `.overlayUnavailable`).
    package func resolvingOverlays(forScale scale: Double, errors: inout [ImageResourceError]) -> Self {
        guard !overlays.isEmpty else { return self }
        var copy = self
        copy.overlays = []
        for overlay in overlays {
            if overlay.descriptor.reference.base is Bitmap {
                copy.overlays.append(overlay)
                continue
            }
            do throws(ImageResourceError) {
                copy.overlays.append(try overlay.resolved(forScale: scale))
            } catch {
                errors.append(error)
            }
        }
        return copy
    }

    /// `resolvingOverlays(forScale:errors:)` where nobody reports the errors.
    package func resolvingOverlays(forScale scale: Double) -> Self {
        var ignored: [ImageResourceError] = []
        return resolvingOverlays(forScale: scale, errors: &ignored)
    }
}
