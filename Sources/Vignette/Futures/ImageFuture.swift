import Foundation

/// A remote image as a value: the load starts lazily on first use, runs
/// once, and its result is kept. Bind it to any number of surfaces over
/// time — a bound surface shows the loading placeholder and gets the image
/// when it arrives; a surface bound later gets it at once; binding again
/// never restarts the load. Retries follow the pipeline's policy.
///
/// A model that holds futures as lazy properties becomes the cache: the
/// image lives exactly as long as the model, and every renderer that shows
/// the model shares one load.
///
/// ```swift
/// final class Product: Sendable {
///     let id: Int
///     let photo: ImageFuture
///     init(id: Int, url: URL) {
///         self.id = id
///         photo = ImageFuture(.productImage(url))   // nothing loads yet
///     }
/// }
/// surface.apply(product.photo)          // loads (once), placeholder meanwhile
/// let image = try await product.photo.value()
/// ```
public final class ImageFuture: Sendable {
    /// The remote descriptor whose presentation the result gets.
    public let descriptor: ImageDescriptor<URL>
    /// What is loaded (URL, decode options, cache policy).
    public let request: ImageRequest
    /// The priority of the load.
    public let priority: ImagePriority
    private let loader: any ImageLoading

    /// Where the load is.
    public enum Phase: Sendable {
        /// Nothing requested it yet.
        case idle
        /// Loading.
        case loading
        /// Loaded; the image with the descriptor's presentation.
        case loaded(ImageDescriptor<Bitmap>)
        /// Failed for good (after the pipeline's retries).
        case failed(ImageRequest.Error)
    }

    private struct State {
        var phase: Phase = .idle
        /// The load's result once final: what a bound surface lands (with the response).
        var outcome: Result<ImageResponse, ImageRequest.Error>?
        var task: Task<Void, Never>?
        var observers: [ObjectIdentifier: @Sendable (Result<ImageResponse, ImageRequest.Error>) -> Void] = [:]
        var waiters: [UInt64: CheckedContinuation<Result<ImageDescriptor<Bitmap>, ImageRequest.Error>, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Locked(State())

    /// A future for `descriptor`; nothing loads until it is used. `loader`
    /// defaults to `ImageEnvironment.current.resolvedLoader`. The request
    /// asks for the full image, not one shrunk for a surface: a future may
    /// be bound to surfaces of any size, and each resamples it as it draws.
    public init(
        _ descriptor: ImageDescriptor<URL>, cachePolicy: CachePolicy = .memoryAndDisk,
        priority: ImagePriority = .normal, using loader: (any ImageLoading)? = nil
    ) {
        self.descriptor = descriptor
        self.priority = priority
        self.loader = loader ?? ImageEnvironment.current.resolvedLoader
        request = ImageRequest(descriptor, cachePolicy: cachePolicy)
    }

    /// A future for a plain URL (default presentation).
    public convenience init(
        url: URL, cachePolicy: CachePolicy = .memoryAndDisk,
        priority: ImagePriority = .normal, using loader: (any ImageLoading)? = nil
    ) {
        self.init(ImageDescriptor(url), cachePolicy: cachePolicy, priority: priority, using: loader)
    }

    /// The current phase, without starting anything.
    public var phase: Phase { state.withLock { $0.phase } }

    /// The final result with its response (where the image came from), nil while not final.
    package var outcome: Result<ImageResponse, ImageRequest.Error>? { state.withLock { $0.outcome } }

    /// Starts the load if nothing has; a memory-cache hit finishes at once.
    /// The steps are `RemoteLoad`'s, as for a surface.
    public func start() {
        let begin = state.withLock { s -> Bool in
            guard case .idle = s.phase else { return false }
            s.phase = .loading
            return true
        }
        guard begin else { return }
        if let hit = RemoteLoad.cached(request, in: loader) {
            finish(.success(hit))
            return
        }
        let task = Task { [self] in
            finish(await RemoteLoad.fetch(request, using: loader, priority: priority))
        }
        state.withLock { $0.task = task }
    }

    /// The image with the descriptor's presentation, loading it on first
    /// use. Cancelling the caller stops its wait, not the shared load.
    public func value() async throws(ImageRequest.Error) -> ImageDescriptor<Bitmap> {
        start()
        let id = state.withLock { s -> UInt64 in
            s.nextWaiter += 1
            return s.nextWaiter
        }
        let url = request.url
        return try await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { s -> Phase? in
                    switch s.phase {
                    case .loaded, .failed: return s.phase
                    case .idle, .loading:
                        if Task.isCancelled { return .failed(.cancelled(url)) }
                        s.waiters[id] = continuation
                        return nil
                    }
                }
                switch ready {
                case .loaded(let image): continuation.resume(returning: .success(image))
                case .failed(let error): continuation.resume(returning: .failure(error))
                default: break
                }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: .failure(.cancelled(url)))
        }.get()
    }

    /// The decoded image, loading it on first use.
    public func image() async throws(ImageRequest.Error) -> Bitmap {
        try await value().reference
    }

    /// Calls `observer` once with the final result — now if already final.
    /// One observer per `owner`: observing again replaces the previous one.
    package func observe(
        owner: ObjectIdentifier, _ observer: @escaping @Sendable (Result<ImageResponse, ImageRequest.Error>) -> Void
    ) {
        let final = state.withLock { s -> Result<ImageResponse, ImageRequest.Error>? in
            if s.outcome == nil { s.observers[owner] = observer }
            return s.outcome
        }
        if let final { observer(final) }
    }

    private func finish(_ outcome: Result<ImageResponse, ImageRequest.Error>) {
        let result = outcome.map { response in descriptor.landed(response.image) }
        let (observers, waiters) = state.withLock { s in
            s.outcome = outcome
            switch result {
            case .success(let image): s.phase = .loaded(image)
            case .failure(let error): s.phase = .failed(error)
            }
            s.task = nil
            defer {
                s.observers = [:]
                s.waiters = [:]
            }
            return (Array(s.observers.values), Array(s.waiters.values))
        }
        for observer in observers { observer(outcome) }
        for waiter in waiters { waiter.resume(returning: result) }
    }
}
