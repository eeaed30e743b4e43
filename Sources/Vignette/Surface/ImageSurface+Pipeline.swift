import Foundation

extension ImagePipeline {
    /// The process-wide pipeline: what remote descriptors, futures and
    /// prefetchers use when neither the call nor `ImageEnvironment` names a
    /// loader. Created on first use.
    public static let shared = ImagePipeline()
}

extension ImageEnvironment {
    /// The loader in force: the environment's, else `ImagePipeline.shared`.
    public var resolvedLoader: any ImageLoading { loader ?? ImagePipeline.shared }
}

extension ImageSurface {
    /// Shows a remote descriptor through the environment's loader (default
    /// `ImagePipeline.shared`): the final image at once on a memory-cache
    /// hit, else the loading placeholder now and the image or the failure
    /// placeholder when the load ends.
    @discardableResult
    public func apply(
        _ remote: ImageDescriptor<URL>, placeholders: Placeholders? = nil, priority: ImagePriority = .normal
    ) -> Task<LoadState, Never>? {
        apply(remote, placeholders: placeholders, using: ImageEnvironment.current.resolvedLoader, priority: priority)
    }

    /// The async form through the environment's loader: returns once the
    /// surface is final. Cancelling the caller cancels the load.
    @discardableResult
    public func load(
        _ remote: ImageDescriptor<URL>, placeholders: Placeholders? = nil, priority: ImagePriority = .normal
    ) async -> LoadState {
        await load(remote, placeholders: placeholders, using: ImageEnvironment.current.resolvedLoader, priority: priority)
    }
}

extension ImageDescriptor where Reference == URL {
    /// The loaded image with this presentation, through the environment's
    /// loader (default `ImagePipeline.shared`).
    public func resolved(priority: ImagePriority = .normal) async throws(ImageLoadingError) -> ImageDescriptor<Bitmap> {
        try await resolved(using: ImageEnvironment.current.resolvedLoader, priority: priority)
    }
}
