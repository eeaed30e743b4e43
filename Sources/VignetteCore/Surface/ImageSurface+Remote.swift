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

    /// The loading and failure placeholders used when a call site names none.
    public struct Placeholders: Sendable {
        /// Shown while loading.
        public var loading: ImageDescriptor<Bitmap>
        /// Shown when the load fails.
        public var failure: ImageDescriptor<Bitmap>

        /// Placeholders from two local descriptors.
        public init(loading: ImageDescriptor<Bitmap>, failure: ImageDescriptor<Bitmap>) {
            self.loading = loading
            self.failure = failure
        }

        /// Plain light grey while loading, light red on failure.
        public static let plain = Placeholders(
            loading: ImageDescriptor(Bitmap(width: 1, height: 1), contentMode: .center,
                                     background: Color(red: 0xEE, green: 0xEE, blue: 0xEE), accessibilityIdentifier: "loadingImage"),
            failure: ImageDescriptor(Bitmap(width: 1, height: 1), contentMode: .center,
                                     background: Color(red: 0xFD, green: 0xE8, blue: 0xE7), accessibilityIdentifier: "failureImage"))
    }

    /// The current load state.
    public var loadState: LoadState { state.withLock { $0.loadState } }

    /// Shows a remote descriptor: the final image at once on a memory-cache
    /// hit (no placeholder frame), else `loading` now and the image — with
    /// the remote descriptor's presentation — or `failure` when the load
    /// ends. Re-applying anything cancels the load; a stale result never
    /// lands. Returns the load's task (nil on a cache hit).
    @discardableResult
    public func apply(
        _ remote: ImageDescriptor<URL>, loading: ImageDescriptor<Bitmap>? = nil, failure: ImageDescriptor<Bitmap>? = nil,
        using loader: any ImageLoading, priority: ImagePriority = .normal
    ) -> Task<LoadState, Never>? {
        let placeholders = ImageEnvironment.current.placeholders
        let url = remote.reference
        let request = ImageRequest(url: url)
        if let hit = loader.cachedImage(for: request) {
            show(remote.map { _ in hit }, loadState: .loaded(url))
            return nil
        }
        let generation = show(loading ?? placeholders.loading, loadState: .loading(url))
        let failureDescriptor = failure ?? placeholders.failure
        let task = Task { [self] () -> LoadState in
            let outcome: (ImageDescriptor<Bitmap>, LoadState)
            do throws(ImageLoadingError) {
                let bitmap = try await loader.image(for: request, priority: priority)
                outcome = (remote.map { _ in bitmap }, .loaded(url))
            } catch {
                if Task.isCancelled { return self.loadState }
                outcome = (failureDescriptor, .failed(url, error))
            }
            return commit(outcome.0, outcome.1, generation: generation)
        }
        state.withLock { s in if s.generation == generation && s.loadState.isFinal == false { s.loadTask = task } }
        return task
    }

    /// The async form: returns once the surface is final (server renderers
    /// await it). Cancelling the caller cancels the load.
    @discardableResult
    public func load(
        _ remote: ImageDescriptor<URL>, loading: ImageDescriptor<Bitmap>? = nil, failure: ImageDescriptor<Bitmap>? = nil,
        using loader: any ImageLoading, priority: ImagePriority = .normal
    ) async -> LoadState {
        guard let task = apply(remote, loading: loading, failure: failure, using: loader, priority: priority) else {
            return loadState
        }
        return await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    }

    /// Lands a load's result unless something newer was applied meanwhile.
    package func commit(_ descriptor: ImageDescriptor<Bitmap>, _ loadState: LoadState, generation: UInt64) -> LoadState {
        state.withLock { s -> LoadState in
            guard s.generation == generation else { return s.loadState }
            s.descriptor = descriptor
            s.rendered = nil
            s.loadState = loadState
            s.loadTask = nil
            return loadState
        }
    }
}

extension ImageDescriptor where Reference == URL {
    /// The same presentation over the loaded image: the standalone
    /// `ImageDescriptor<URL> -> ImageDescriptor<Bitmap>` mapping.
    public func resolved(using loader: any ImageLoading, priority: ImagePriority = .normal) async throws(ImageLoadingError) -> ImageDescriptor<Bitmap> {
        let bitmap = try await loader.image(for: ImageRequest(url: reference), priority: priority)
        return map { _ in bitmap }
    }
}
