/// What a surface needs to resolve a remote descriptor: a synchronous
/// memory-cache look-up and an asynchronous load. `ImagePipeline` implements
/// it; tests can pass a fake. The surface knows nothing else of networking.
public protocol ImageLoading: Sendable {
    /// The image if it is already in memory, without suspending.
    func cachedImage(for request: ImageRequest) -> Bitmap?
    /// The image, loading it if needed. Cancelling the task gives up.
    func image(for request: ImageRequest, priority: ImagePriority) async throws -> Bitmap
}

extension ImagePipeline: ImageLoading {}
