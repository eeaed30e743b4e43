import Foundation

/// A pure-software stand-in for an image view: it has a size in points and a
/// scale, takes a local descriptor, and renders real pixels. Safe to share
/// between tasks; every method is synchronous and non-blocking.
///
/// ```swift
/// let surface = try ImageSurface(size: Size(width: 120, height: 80), scale: 2)
/// try surface.apply(ImageDescriptor(NamedImage("logo", in: bundle), contentMode: .center,
///                                   accessibilityIdentifier: "logo"))
/// assert(surface.accessibilityIdentifier == "logo")
/// let png = try surface.encoded()
/// ```
public final class ImageSurface: Sendable {
    /// Size in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// The filter used when an image must be resampled.
    public let filter: ResamplingFilter

    struct State {
        var descriptor: ImageDescriptor<Bitmap>?
        var rendered: Bitmap?
        var generation: UInt64 = 0
        var loadState: LoadState = .idle
        var response: ImageResponse?
        var resourceErrors: [ImageResourceError] = []
        var loadTask: Task<LoadState, Never>?
    }

    let state = Locked(State())

    /// The most pixels a surface may have (100 Mpx, the decoder's default too).
    public static let maxPixelCount = ImageRenderer.maxPixelCount

    /// Creates an empty surface. Size and scale must be finite, size ≥ 0,
    /// scale > 0, at most 32768 pixels a side and `maxPixelCount` in all.
    public init(size: Size, scale: Double = 1, filter: ResamplingFilter = .lanczos3) throws(ImageSurface.Error) {
        try ImageRenderer.validate(size: size, scale: scale)
        self.size = size
        self.scale = scale
        self.filter = filter
    }

    /// Checks a size and scale against the rules of `init`.
    package static func validate(size: Size, scale: Double) throws(ImageSurface.Error) {
        try ImageRenderer.validate(size: size, scale: scale)
    }

    /// Size in pixels: `round(size × scale)`.
    public var pixelSize: (width: Int, height: Int) { ImageRenderer.pixelSize(of: size, scale: scale) }

    /// Replaces what is shown, cancelling any load in flight; returns the
    /// new generation (a later result for an older one is dropped).
    @discardableResult
    package func show(_ landing: RemoteLoad.Landing?) -> UInt64 {
        let (generation, previous) = state.withLock { s -> (UInt64, Task<LoadState, Never>?) in
            let previous = s.loadTask
            s.generation &+= 1
            s.land(landing)
            return (s.generation, previous)
        }
        previous?.cancel()
        return generation
    }

    /// Shows a local descriptor: a decoded `Bitmap` as it is (no `try`:
    /// it cannot fail), any other local reference (e.g. a bundled
    /// `NamedImage`) resolved for this surface's scale first, throwing what
    /// resolving throws (`ImageResourceError`). Overlays are resolved here
    /// too, once: one that cannot be (a missing resource) is left out.
    /// Cancels any load in flight.
    public func apply<Reference: LocalImageReference>(_ descriptor: ImageDescriptor<Reference>) throws(Reference.Failure) {
        let scale = self.scale
        var errors: [ImageResourceError] = []
        let resolved = try descriptor.resolvedPixels(forScale: scale).resolvingOverlays(forScale: scale, errors: &errors)
        show(RemoteLoad.Landing(descriptor: resolved, state: .idle, resourceErrors: errors))
    }

    /// Removes the image: the surface renders transparent.
    public func clear() {
        show(nil)
    }

    /// What the shown descriptor named but could not be resolved, each left
    /// out of the render: an overlay, or a placeholder (then drawn as an
    /// empty image with its presentation). Empty when everything resolved.
    /// `ImageSurface.apply` in module Vignette also logs them as warnings.
    public var resourceErrors: [ImageResourceError] { state.withLock { $0.resourceErrors } }

    /// The applied descriptor, with its reference resolved to pixels.
    public var descriptor: ImageDescriptor<Bitmap>? { state.withLock { $0.descriptor } }
    /// The applied content mode.
    package var contentMode: ContentMode? { descriptor?.contentMode }
    /// The applied tint.
    package var tint: Color? { descriptor?.tint }
    /// The applied background.
    package var background: Color? { descriptor?.background }
    /// The applied accessibility identifier.
    package var accessibilityIdentifier: String? { descriptor?.accessibilityIdentifier }
    /// The applied image's pixels.
    public var image: Bitmap? { descriptor?.reference }

    /// The surface's pixels (transparent when nothing is applied). The
    /// result is cached until the next `apply`. Its size is `pixelSize`
    /// unless the descriptor's `Sizing` (extend off) shrinks it or a side of
    /// 0 points is open (it then takes the image's, clamped to 32768 pixels
    /// and `maxPixelCount`; `render(within:)` refuses that instead).
    /// Presentation values out of range are clamped, exactly as
    /// `ImageRenderer.render` clamps them; what could not be resolved is
    /// left out and listed in `resourceErrors` (where `ImageRenderer.render`
    /// throws). For the same descriptor both give the same pixels.
    public func render() -> Bitmap {
        let (current, cached, generation) = state.withLock { ($0.descriptor, $0.rendered, $0.generation) }
        if let cached { return cached }
        let bitmap: Bitmap
        if let current {
            bitmap = ImageRenderer.renderValidated(current, size: size, scale: scale, filter: filter)
        } else {
            let (w, h) = pixelSize
            bitmap = Bitmap(width: w, height: h, scale: scale)
        }
        state.withLock { s in
            if s.generation == generation { s.rendered = bitmap }
        }
        return bitmap
    }

    /// The surface's pixels, refusing before any allocation a render that
    /// would need more than `budget` (sources a stranger controls), or more
    /// than `ImageOverlay.maxCount` overlays, as `ImageRenderer.render` does.
    public func render(within budget: MemoryBudget) throws(ImageRenderer.Error) -> Bitmap {
        if let current = descriptor {
            try ImageRenderer.check(current, size: size, scale: scale, filter: filter, budget: budget)
        }
        return render()
    }

    /// The rendered surface encoded as `format` (PNG by default) with
    /// `options`: `render()` then ``Bitmap/encoded(as:options:)``.
    ///
    /// ```swift
    /// let png = try surface.encoded()
    /// let jpeg = try surface.encoded(as: .jpeg, options: EncodingOptions(quality: 85))
    /// ```
    public func encoded(
        as format: ImageFormat = .png, options: EncodingOptions = EncodingOptions()
    ) throws(EncodingOptions.Error) -> Data {
        try render().encoded(as: format, options: options)
    }
}

extension ImageSurface.State {
    /// Shows `landing` (nothing when nil) as the current content.
    mutating func land(_ landing: RemoteLoad.Landing?) {
        descriptor = landing?.descriptor
        rendered = nil
        loadState = landing?.state ?? .idle
        response = landing?.response
        resourceErrors = landing?.resourceErrors ?? []
        loadTask = nil
    }
}

extension ImageSurface {
    /// A surface's errors are the renderer's: its size and scale, or an image's scale.
    public typealias Error = ImageRenderer.Error
}
