import Foundation

extension ImageSurface {
    /// Binds the surface to `future`: its image at once if it is loaded (or
    /// the failure placeholder if it failed), else the loading placeholder
    /// now and the image or the failure placeholder when the future finishes — starting the future's
    /// load if nothing has. Binding never restarts a load; applying anything
    /// else to the surface unbinds it (a late result never lands).
    ///
    /// With `startsLoading: false` the surface waits for someone else to
    /// start the future (`start()`, `value()`, another binding) — e.g. a
    /// server renderer that first emits a page of placeholders.
    public func apply(_ future: ImageFuture, placeholders: Placeholders? = nil, startsLoading: Bool = true) {
        let url = future.request.url
        let placeholders = placeholders ?? .current
        let failureDescriptor = placeholders.failure.resolvedOrEmpty(forScale: scale)
        switch future.phase {
        case .loaded(let image):
            show(image.resolvingOverlays(forScale: scale), loadState: .loaded(url))
            return
        case .failed(let error):
            show(failureDescriptor, loadState: .failed(url, error))
            return
        case .idle, .loading:
            break
        }
        let generation = show(placeholders.loading.resolvedOrEmpty(forScale: scale), loadState: .loading(url))
        future.observe(owner: ObjectIdentifier(self)) { [weak self] phase in
            switch phase {
            case .loaded(let image):
                guard let self else { return }
                _ = commit(image.resolvingOverlays(forScale: scale), .loaded(url), generation: generation)
            case .failed(let error): _ = self?.commit(failureDescriptor, .failed(url, error), generation: generation)
            case .idle, .loading: break
            }
        }
        if startsLoading { future.start() }
    }
}
