import Foundation

/// One remote descriptor on its way to pixels: the single state machine
/// behind a surface's `apply`/`load`, an `ImageFuture`, a surface bound to
/// a future, `ImageDescriptor.resolved` and the server's renders (which
/// load through a surface). Each step is a pure value: what to ask the
/// loader, and what a surface shows for each outcome.
///
/// idle → memory hit: `loaded` at once (no placeholder frame)
/// idle → miss: `loading` (loading placeholder) → `loaded` with the
/// response, or `failed` (failure placeholder) with the typed error.
package struct RemoteLoad: Sendable {
    /// What a surface shows at a step: the descriptor, the state, for a
    /// loaded image the response behind it, and what of the shown
    /// descriptor could not be resolved and was left out.
    package struct Landing: Sendable {
        package var descriptor: ImageDescriptor<Bitmap>
        package var state: ImageSurface.LoadState
        package var response: ImageResponse?
        package var resourceErrors: [ImageResourceError] = []
    }

    /// The remote descriptor, its overlays resolved once (not per render).
    package let remote: ImageDescriptor<URL>
    /// What is asked of the loader.
    package let request: ImageRequest
    /// The scale placeholders and overlays are resolved for.
    package let scale: Double
    /// The remote descriptor's overlays that could not be resolved.
    package let overlayErrors: [ImageResourceError]

    /// A load of `remote` with `request` (its URL must be the reference's),
    /// resolving overlays and placeholders for `scale`.
    package init(_ remote: ImageDescriptor<URL>, request: ImageRequest, scale: Double) {
        var errors: [ImageResourceError] = []
        self.remote = remote.resolvingOverlays(forScale: scale, errors: &errors)
        self.request = request
        self.scale = scale
        overlayErrors = errors
    }

    package var url: URL { remote.reference }

    /// The final landing at once when the loader holds the image in
    /// memory, else nil.
    package func cached(in loader: any ImageLoading) -> Landing? {
        Self.cached(request, in: loader).map(loaded)
    }

    /// Asks the loader; the outcome a landing is made from.
    package func run(using loader: any ImageLoading, priority: ImagePriority) async -> Result<ImageResponse, ImageRequest.Error> {
        await Self.fetch(request, using: loader, priority: priority)
    }

    /// A memory-cache hit for `request` as a response, else nil: the first
    /// step of every remote load (a future's too, before it has a surface).
    package static func cached(_ request: ImageRequest, in loader: any ImageLoading) -> ImageResponse? {
        loader.cachedImage(for: request).map { ImageResponse(image: $0, source: .memory) }
    }

    /// The load itself, its typed error kept as a value.
    package static func fetch(
        _ request: ImageRequest, using loader: any ImageLoading, priority: ImagePriority
    ) async -> Result<ImageResponse, ImageRequest.Error> {
        do throws(ImageRequest.Error) {
            return .success(try await loader.response(for: request, priority: priority))
        } catch {
            return .failure(error)
        }
    }

    /// The placeholders resolved for the load's scale, once, where the
    /// load starts (a bundled placeholder reads a file: never on the pool).
    /// One that cannot be resolved is an empty image with its presentation,
    /// and its errors are kept for the landing that shows it.
    package struct Placeholders: Sendable {
        package var loading: Landing
        package var failure: ImageDescriptor<Bitmap>
        package var failureErrors: [ImageResourceError]
    }

    /// `placeholders` resolved for this load's scale.
    package func resolve(_ placeholders: ImageSurface.Placeholders) -> Placeholders {
        var loadingErrors: [ImageResourceError] = []
        var failureErrors: [ImageResourceError] = []
        let loading = placeholders.loading.resolvedOrEmpty(forScale: scale, errors: &loadingErrors)
        let failure = placeholders.failure.resolvedOrEmpty(forScale: scale, errors: &failureErrors)
        return Placeholders(
            loading: Landing(descriptor: loading, state: .loading(url), response: nil, resourceErrors: loadingErrors),
            failure: failure, failureErrors: failureErrors)
    }

    /// The image with the remote descriptor's presentation.
    package func loaded(_ response: ImageResponse) -> Landing {
        Landing(descriptor: remote.landed(response.image), state: .loaded(url), response: response, resourceErrors: overlayErrors)
    }

    /// The landing for an outcome: the image, or the failure placeholder.
    package func landing(_ outcome: Result<ImageResponse, ImageRequest.Error>, placeholders: Placeholders) -> Landing {
        switch outcome {
        case .success(let response): loaded(response)
        case .failure(let error):
            Landing(descriptor: placeholders.failure, state: .failed(url, error), response: nil, resourceErrors: placeholders.failureErrors)
        }
    }
}

extension ImageRequest {
    /// The request for a remote descriptor's image: a vector source draws
    /// the descriptor's tint as its `currentColor` (a bitmap ignores it and
    /// is recoloured as a template when drawn).
    package init(_ remote: ImageDescriptor<URL>, cachePolicy: CachePolicy = .memoryAndDisk) {
        self.init(url: remote.reference, cachePolicy: cachePolicy)
        options.currentColor = remote.tint
    }
}

extension ImageDescriptor where Reference == URL {
    /// The presentation over the loaded image; the tint is dropped when the
    /// image already drew it (a vector's `currentColor`).
    package func landed(_ image: Bitmap) -> ImageDescriptor<Bitmap> {
        var descriptor = map { _ in image }
        if image.drewTint { descriptor.tint = nil }
        return descriptor
    }
}
