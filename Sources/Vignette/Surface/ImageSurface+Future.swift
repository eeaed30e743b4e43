import Foundation

extension ImageSurface {
    /// Binds the surface to `future`: its image at once if it is loaded (or
    /// the failure placeholder if it failed), else the loading placeholder
    /// now and the image or the failure placeholder when the future finishes — starting the future's
    /// load if nothing has. Binding never restarts a load; applying anything
    /// else to the surface unbinds it (a late result never lands). The
    /// steps and what the surface reports (`loadState`, `response`,
    /// `resourceErrors`) are those of `apply(_:placeholders:using:priority:configure:)`.
    ///
    /// With `startsLoading: false` the surface waits for someone else to
    /// start the future (`start()`, `value()`, another binding) — e.g. a
    /// server renderer that first emits a page of placeholders.
    public func apply(_ future: ImageFuture, placeholders: Placeholders? = nil, startsLoading: Bool = true) {
        // Started first, a memory-cache hit is final before anything is shown: no placeholder frame.
        if startsLoading { future.start() }
        let load = RemoteLoad(future.descriptor, request: future.request, scale: scale)
        if case .success(let response) = future.outcome {
            show(load.loaded(response), reporting: Self.logResourceErrors)
            return
        }
        let resolved = load.resolve(placeholders ?? .current)
        if let outcome = future.outcome {
            show(load.landing(outcome, placeholders: resolved), reporting: Self.logResourceErrors)
            return
        }
        let generation = show(resolved.loading, reporting: Self.logResourceErrors)
        future.observe(owner: ObjectIdentifier(self)) { [weak self] outcome in
            _ = self?.commit(load.landing(outcome, placeholders: resolved), generation: generation, reporting: Self.logResourceErrors)
        }
    }
}
