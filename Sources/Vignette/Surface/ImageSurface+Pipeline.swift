import Foundation
import Logging

extension ImagePipeline {
    /// The process-wide pipeline: what remote descriptors, futures and
    /// prefetchers use when neither the call nor `ImageEnvironment` names a
    /// loader. Created on first use.
    public static let shared = ImagePipeline()
}

extension ImageEnvironment {
    /// The loader in force: the environment's, else `ImagePipeline.shared`.
    package var resolvedLoader: any ImageLoading { loader ?? ImagePipeline.shared }
}

extension ImageSurface {
    /// Shows a remote descriptor: the final image at once on a memory-cache
    /// hit (no placeholder frame), else the loading placeholder now and the
    /// image — with the remote descriptor's presentation — or the failure
    /// placeholder when the load ends. Re-applying anything cancels the
    /// load; a stale result never lands. Returns the load's task (nil on a
    /// cache hit).
    ///
    /// - `placeholders` default to `ImageEnvironment.current.placeholders`.
    /// - `loader` defaults to the environment's (`ImagePipeline.shared`
    ///   unless set): pass a pipeline of your own, or a test fixture.
    /// - `configure` adjusts the request before anything is looked up: the
    ///   source scale, the cache policy, the decoder limits. The request it
    ///   gets already asks for a decode no larger than the surface needs.
    ///
    /// ```swift
    /// surface.apply(.productImage(url))
    /// surface.apply(.productImage(url), using: pipeline, priority: .high) { request in
    ///     request.cachePolicy = .cacheOnly                    // offline
    ///     request.options.maxPixelCount = 4_000_000           // a stranger's upload
    /// }
    /// ```
    @discardableResult
    public func apply(
        _ remote: ImageDescriptor<URL>, placeholders: Placeholders? = nil, using loader: (any ImageLoading)? = nil,
        priority: ImagePriority = .normal, configure: (inout ImageRequest) -> Void = { _ in }
    ) -> Task<LoadState, Never>? {
        let loader: any ImageLoading = loader ?? ImageEnvironment.current.resolvedLoader
        return apply(
            remote, placeholders: placeholders, using: loader, priority: priority, configure: configure,
            reporting: Self.logResourceErrors)
    }

    /// What a surface could not resolve — a placeholder or an overlay named
    /// in a bundle that lacks it — logged as a warning on the
    /// `vignette.surface` logger (the app's `LoggingSystem` decides where it
    /// goes), and kept in `resourceErrors`.
    static let logResourceErrors: ResourceReport = resourceLog(Logger(label: "vignette.surface"))

    /// The report that logs each unresolved resource as a warning on `logger`.
    package static func resourceLog(_ logger: Logger) -> ResourceReport {
        { errors, state in
            for error in errors {
                logger.warning("surface (\(state)) left out a resource it cannot resolve: \(error)")
            }
        }
    }

    /// `apply(_:placeholders:using:priority:configure:)`, then waits until
    /// the surface is final: what a server renderer or a command-line tool
    /// awaits before rendering. Cancelling the caller cancels the load.
    /// `response` then says where the image came from.
    @discardableResult
    public func load(
        _ remote: ImageDescriptor<URL>, placeholders: Placeholders? = nil, using loader: (any ImageLoading)? = nil,
        priority: ImagePriority = .normal, configure: (inout ImageRequest) -> Void = { _ in }
    ) async -> LoadState {
        let loader: any ImageLoading = loader ?? ImageEnvironment.current.resolvedLoader
        return await load(
            remote, placeholders: placeholders, using: loader, priority: priority, configure: configure,
            reporting: Self.logResourceErrors)
    }
}

extension ImageDescriptor where Reference == URL {
    /// The same presentation over the loaded (full-size) image: the
    /// standalone `ImageDescriptor<URL> -> ImageDescriptor<Bitmap>` mapping
    /// (`RemoteLoad`'s fetch, as a surface's and a future's),
    /// through `loader` (default: the environment's, `ImagePipeline.shared`
    /// unless set); `configure` adjusts the request as for a surface.
    public func resolved(
        using loader: (any ImageLoading)? = nil, priority: ImagePriority = .normal,
        configure: (inout ImageRequest) -> Void = { _ in }
    ) async throws(ImageRequest.Error) -> ImageDescriptor<Bitmap> {
        let loader = loader ?? ImageEnvironment.current.resolvedLoader
        var request = ImageRequest(self)
        configure(&request)
        let response = try await RemoteLoad.fetch(request, using: loader, priority: priority).get()
        return landed(response.image)
    }
}
