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
        case failed(URL, ImageRequest.Error)

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
    /// in module Vignette forwards here), run by `RemoteLoad`: the final
    /// image at once on a memory-cache hit (no placeholder frame), else the
    /// loading placeholder now and the image — with the remote descriptor's
    /// presentation — or the failure placeholder when the load ends.
    /// `configure` adjusts the request (scale, cache policy, decoder limits)
    /// before the cache look-up. Re-applying anything cancels the load; a
    /// stale result never lands. Returns the load's task (nil on a cache hit).
    @discardableResult
    package func apply(
        _ remote: ImageDescriptor<URL>, placeholders: Placeholders? = nil,
        using loader: any ImageLoading, priority: ImagePriority = .normal,
        configure: (inout ImageRequest) -> Void = { _ in }, reporting report: ResourceReport? = nil
    ) -> Task<LoadState, Never>? {
        var request = remoteRequest(for: remote)
        configure(&request)
        let load = RemoteLoad(remote, request: request, scale: scale)
        if let hit = load.cached(in: loader) {
            // One critical section: a concurrent apply can never pair this
            // image with another load's response.
            show(hit, reporting: report)
            return nil
        }
        let resolved = load.resolve(placeholders ?? .current)
        let generation = show(resolved.loading, reporting: report)
        let task = Task { [self] () -> LoadState in
            let outcome = await load.run(using: loader, priority: priority)
            if case .failure = outcome, Task.isCancelled { return self.loadState }
            return commit(load.landing(outcome, placeholders: resolved), generation: generation, reporting: report)
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
        configure: (inout ImageRequest) -> Void = { _ in }, reporting report: ResourceReport? = nil
    ) async -> LoadState {
        let task = apply(remote, placeholders: placeholders, using: loader, priority: priority, configure: configure, reporting: report)
        guard let task else {
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
        var request = ImageRequest(remote)
        let (width, height) = pixelSize
        // A side of 0 points is open; one that merely rounds to 0 pixels is not (the render draws nothing).
        let open = (width: size.width == 0, height: size.height == 0)
        request.options.shrinkTarget = ShrinkTarget(
            size: PixelSize(width: open.width ? 0 : max(1, width), height: open.height ? 0 : max(1, height)),
            contentMode: remote.contentMode, cropsToVisible: remote.focus == .anchor(.center), sizing: remote.sizing)
        return request
    }

    /// Told what a landing's descriptor named but could not resolve (a
    /// missing placeholder or overlay), with the state it landed in; module
    /// Vignette logs it as a warning.
    package typealias ResourceReport = @Sendable ([ImageResourceError], LoadState) -> Void

    /// Lands a load's result unless something newer was applied meanwhile.
    package func commit(_ landing: RemoteLoad.Landing, generation: UInt64, reporting report: ResourceReport? = nil) -> LoadState {
        let landed = state.withLock { s -> Bool in
            guard s.generation == generation else { return false }
            s.land(landing)
            return true
        }
        guard landed else { return loadState }
        if let report, !landing.resourceErrors.isEmpty { report(landing.resourceErrors, landing.state) }
        return landing.state
    }

    /// `show(_:)`, telling `report` what the landing could not resolve.
    @discardableResult
    package func show(_ landing: RemoteLoad.Landing, reporting report: ResourceReport?) -> UInt64 {
        let generation = show(landing)
        if let report, !landing.resourceErrors.isEmpty { report(landing.resourceErrors, landing.state) }
        return generation
    }
}
