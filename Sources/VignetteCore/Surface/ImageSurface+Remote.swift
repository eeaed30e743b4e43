import Foundation

extension ImageSurface {
    /// Where a surface is with a remote descriptor.
    public enum LoadState: Sendable, CustomStringConvertible {
        /// Showing a local descriptor (or nothing); no load involved.
        case idle
        /// Showing the loading placeholder while the URL loads.
        case loading(URL)
        /// Showing the loaded image with the remote descriptor's presentation.
        case loaded(URL)
        /// Showing the failure placeholder; the error says why.
        case failed(URL, ImageLoadingError)

        /// True once the surface shows its final content for the descriptor.
        public var isFinal: Bool {
            if case .loading = self { return false }
            return true
        }

        /// `loading https://…`, `failed https://…: HTTP 404`, …
        public var description: String {
            switch self {
            case .idle: "idle"
            case .loading(let url): "loading \(url.absoluteString)"
            case .loaded(let url): "loaded \(url.absoluteString)"
            case .failed(_, let error): "failed: \(error)"
            }
        }
    }

    /// The current load state.
    public var loadState: LoadState { state.withLock { $0.loadState } }

    /// The response behind the shown image when a remote descriptor loaded
    /// it: where it came from (memory, disk, network) and, for a stale copy
    /// served because the network failed, why. Nil otherwise.
    public var response: ImageResponse? { state.withLock { $0.response } }

    /// The one remote path (`ImageSurface.apply(_:placeholders:using:priority:configure:)`
    /// in module Vignette forwards here): the final image at once on a
    /// memory-cache hit (no placeholder frame), else the loading placeholder
    /// now and the image — with the remote descriptor's presentation — or
    /// the failure placeholder when the load ends. `configure` adjusts the
    /// request (scale, cache policy, decoder limits) before the cache
    /// look-up. Re-applying anything cancels the load; a stale result never
    /// lands. Returns the load's task (nil on a cache hit).
    @discardableResult
    package func apply(
        _ remote: ImageDescriptor<URL>, placeholders: Placeholders? = nil,
        using loader: any ImageLoading, priority: ImagePriority = .normal,
        configure: (inout ImageRequest) -> Void = { _ in }
    ) -> Task<LoadState, Never>? {
        let placeholders = placeholders ?? .current
        let remote = remote.resolvingOverlays(forScale: scale)  // once, not per render
        let url = remote.reference
        var request = remoteRequest(for: remote)
        configure(&request)
        if let hit = loader.cachedImage(for: request) {
            // One critical section: a concurrent apply can never pair this
            // image with another load's response.
            show(remote.map { _ in hit }, loadState: .loaded(url), response: ImageResponse(image: hit, source: .memory))
            return nil
        }
        let generation = show(placeholders.loading.resolvedOrEmpty(forScale: scale), loadState: .loading(url))
        let failure = placeholders.failure.resolvedOrEmpty(forScale: scale)
        let task = Task { [self, request] () -> LoadState in
            let outcome: (ImageDescriptor<Bitmap>, LoadState, ImageResponse?)
            do throws(ImageLoadingError) {
                let response = try await loader.response(for: request, priority: priority)
                outcome = (remote.map { _ in response.image }, .loaded(url), response)
            } catch {
                if Task.isCancelled { return self.loadState }
                outcome = (failure, .failed(url, error), nil)
            }
            return commit(outcome.0, outcome.1, response: outcome.2, generation: generation)
        }
        state.withLock { s in if s.generation == generation && s.loadState.isFinal == false { s.loadTask = task } }
        return task
    }

    /// The async form: returns once the surface is final. Cancelling the
    /// caller cancels the load.
    @discardableResult
    package func load(
        _ remote: ImageDescriptor<URL>, placeholders: Placeholders? = nil,
        using loader: any ImageLoading, priority: ImagePriority = .normal,
        configure: (inout ImageRequest) -> Void = { _ in }
    ) async -> LoadState {
        guard let task = apply(remote, placeholders: placeholders, using: loader, priority: priority, configure: configure) else {
            return loadState
        }
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// The request a remote descriptor makes on this surface: the image may
    /// be decoded smaller (shrink-on-load) as long as it still covers the
    /// pixels the render draws under the descriptor's content mode and
    /// sizing (an open side stays 0), and for aspectFill centred (focus
    /// `.center`) without the columns the surface never shows (JPEG), so
    /// `image` then holds the centred part the surface draws.
    package func remoteRequest(for remote: ImageDescriptor<URL>) -> ImageRequest {
        var request = ImageRequest(url: remote.reference)
        let (width, height) = pixelSize
        // A side of 0 points is open; one that merely rounds to 0 pixels is not (the render draws nothing).
        let open = (width: size.width == 0, height: size.height == 0)
        request.options.shrinkTarget = ShrinkTarget(
            size: PixelSize(width: open.width ? 0 : max(1, width), height: open.height ? 0 : max(1, height)),
            contentMode: remote.contentMode, cropsToVisible: remote.focus == .anchor(.center), sizing: remote.sizing)
        return request
    }

    /// Lands a load's result unless something newer was applied meanwhile.
    package func commit(
        _ descriptor: ImageDescriptor<Bitmap>, _ loadState: LoadState, response: ImageResponse? = nil, generation: UInt64
    ) -> LoadState {
        state.withLock { s -> LoadState in
            guard s.generation == generation else { return s.loadState }
            s.descriptor = descriptor
            s.rendered = nil
            s.loadState = loadState
            s.response = response
            s.loadTask = nil
            return loadState
        }
    }
}
