/// What a surface needs to resolve a remote descriptor: a synchronous
/// memory-cache look-up and an asynchronous load with one typed error.
/// `ImagePipeline` (module `Vignette`) implements it; tests pass a fake.
/// The core knows nothing else of networking.
///
/// ```swift
/// struct Fixed: ImageLoading {
///     let image: Bitmap
///     func cachedImage(for request: ImageRequest) -> Bitmap? { image }
///     func image(for request: ImageRequest, priority: ImagePriority) async throws(ImageRequest.Error) -> Bitmap { image }
/// }
/// ```
public protocol ImageLoading: Sendable {
    /// The image if it is already in memory, without suspending.
    func cachedImage(for request: ImageRequest) -> Bitmap?
    /// The image, loading it if needed. Cancelling the task gives up with
    /// `ImageRequest.Error.cancelled`.
    func image(for request: ImageRequest, priority: ImagePriority) async throws(ImageRequest.Error) -> Bitmap
    /// The image with where it came from (and, for a stale copy served
    /// because the network failed, why). Loaders without caches need not
    /// implement it: the default reports every image as `.network`.
    func response(for request: ImageRequest, priority: ImagePriority) async throws(ImageRequest.Error) -> ImageResponse
    /// How many loads the loader runs at once, if it has such a limit.
    var concurrencyLimit: Int? { get }
}

extension ImageLoading {
    /// How many loads the loader runs at once, when it has such a limit
    /// (a prefetcher stays below it so visible work finds a free slot).
    public var concurrencyLimit: Int? { nil }

    /// The image, reported as a `.network` load.
    public func response(for request: ImageRequest, priority: ImagePriority) async throws(ImageRequest.Error) -> ImageResponse {
        ImageResponse(image: try await image(for: request, priority: priority), source: .network)
    }
}
