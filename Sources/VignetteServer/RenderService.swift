import Foundation
import Logging
import Tracing
import Vignette

/// The render service, independent of any HTTP framework: one pipeline
/// (coalescing, memory cache, disk cache when `cacheDir` is set), the
/// presets, signature checks, admission control and metrics.
/// `addRoutes(to:)` mounts it on a Hummingbird router; any other framework
/// calls `render(target:preset:accept:ifNoneMatch:)` and copies the reply.
///
/// ```swift
/// var presets = Presets()
/// presets.register("productImage", maxAge: 86400) { ImageDescriptor($0, contentMode: .aspectFill) }
/// let service = try RenderService(configuration: ServerConfiguration(), presets: presets)
/// let router = Router()
/// service.addRoutes(to: router)
/// let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
/// try await app.runService()
/// ```
public final class RenderService: Sendable {
    /// The settings.
    public let configuration: ServerConfiguration
    /// The presets: the configuration's, plus (replacing same names) those given in Swift.
    package let presets: Presets
    /// The one pipeline every request goes through.
    public let pipeline: ImagePipeline
    /// The metrics `/metrics` shows.
    public let metrics: ServerMetrics
    /// The concurrency and queue limits: `maxConcurrentRequests` served at
    /// once, `maxQueue` waiting in arrival order, the rest turned away at
    /// once (503 + Retry-After) instead of piling up memory and latency.
    package let admission: ConcurrencyGate
    /// The connections ``application(host:port:logger:onServerRunning:)``
    /// accepts at once: ``ServerConfiguration/maxConnections`` or what the
    /// open-files limit leaves beside ``ServerConfiguration/descriptorReserve``
    /// when the service was made.
    public let maxConnections: Int
    let signer: RequestSigner?
    /// The loader's address policy, checked on the first URL before admission.
    let addressPolicy: AddressPolicy
    /// Renders and encodes at once: `maxConcurrentRenders` (one per core by
    /// default), in arrival order, so a burst of requests shares the CPU
    /// fairly instead of all slowing down.
    let renderSlots: ConcurrencyGate
    /// Where a render holding one of `renderSlots` runs, one thread per slot,
    /// so large renders never occupy Swift's cooperative pool.
    let renderThreads: SlotThreads

    /// A service; `presets` registered in Swift replace configuration presets
    /// of the same name. `metrics` go to a Prometheus registry of their own
    /// unless given (`ServerMetrics(factory:)` for another backend); the
    /// pipeline logs to `logger` and traces to `tracer` (nil: the process's).
    /// The origin headers' values are read from `environment` (a missing
    /// variable is an error naming it).
    public convenience init(
        configuration: ServerConfiguration, presets: Presets = Presets(), metrics: ServerMetrics = ServerMetrics(),
        logger: Logger = Logger(label: "vignette.serve"), tracer: (any Tracer)? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ServerConfiguration.Error) {
        try self.init(
            configuration: configuration, presets: presets, metrics: metrics, logger: logger, tracer: tracer,
            environment: environment, loader: nil)
    }

    /// The service above, fetching its sources through `loader` instead of
    /// libcurl when given (tests: a loader that fails as they ask).
    package init(
        configuration: ServerConfiguration, presets: Presets = Presets(), metrics: ServerMetrics = ServerMetrics(),
        logger: Logger = Logger(label: "vignette.serve"), tracer: (any Tracer)? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, loader: (any DataLoading)?
    ) throws(ServerConfiguration.Error) {
        self.configuration = configuration
        var all = try Presets(definitions: configuration.presets, fonts: configuration.fontCollection())
        for name in presets.names { if let preset = presets[name] { all.register(preset) } }
        self.presets = all
        var cache: DiskCache?
        if let folder = configuration.cacheDir {
            do {
                cache = try DiskCache(storage: FileCacheStorage(directory: folder), sizeLimit: configuration.cacheBytes)
            } catch {
                throw .invalidValue(key: "cacheDir", reason: "\(error)")
            }
        }
        let options = configuration.loadingOptions
        addressPolicy = options.addressPolicy
        var pipelineConfiguration = ImagePipeline.Configuration(
            maxConcurrentLoads: min(64, configuration.maxConcurrentRequests),
            retry: RetryPolicy(maxRetries: configuration.sourceRetries, budget: configuration.limits.sourceTimeout),
            memoryCacheBytes: configuration.memoryCacheBytes, memoryCacheEntryBytes: min(64 << 20, configuration.memoryCacheBytes),
            diskCache: cache, reducedCopies: configuration.reducedCopies,
            maxConcurrentDecodes: configuration.maxConcurrentRenders)
        (pipelineConfiguration.logger, pipelineConfiguration.tracer) = (logger, tracer)
        let origins = try configuration.resolvedOrigins(environment: environment)
        if !origins.isEmpty { pipelineConfiguration.requestModifier = { origins.apply(to: &$0) } }
        pipeline = ImagePipeline(loader: loader ?? CurlDataLoader(options: options), configuration: pipelineConfiguration)
        Self.openLibraries(network: loader == nil, logger: logger)
        Self.warnUnsignedTexts(all, signed: configuration.signingKey != nil, logger: logger)
        self.metrics = metrics
        admission = ConcurrencyGate(limit: configuration.maxConcurrentRequests, queueLimit: configuration.maxQueue)
        renderSlots = ConcurrencyGate(limit: configuration.maxConcurrentRenders)
        renderThreads = SlotThreads(count: renderSlots.limit, name: "vignette.render")
        signer = configuration.signingKey.map(RequestSigner.init(key:))
        maxConnections = try configuration.connectionLimit(
            descriptors: DescriptorLimit.current.soft, open: DescriptorLimit.openCount() ?? 16)
    }

    /// libavif, libheif and libcurl open on first use (a blocking `dlopen`); a service opens them
    /// when it is made, so no request waits on the loader on the cooperative pool, and one that is
    /// missing shows at start (its images are then refused).
    private static func openLibraries(network: Bool, logger: Logger) {
        let failures = [
            ("libavif", AVIFCodec.libraryFailure), ("libheif", HEIFCodec.libraryFailure),
            ("libcurl", network ? CurlDataLoader.libraryFailure : nil)
        ]
        for case (let library, let failure?) in failures {
            logger.warning("\(library) could not be loaded (\(failure)): requests that need it will fail")
        }
    }

    /// Answers `GET /render/{preset}?…`: `target` is the raw request
    /// target (path and percent-encoded query) the signature covers.
    public func render(target: String, preset name: String, accept: String?, ifNoneMatch: String?) async -> RenderReply {
        await traceRequest(preset: name) {
            let reply = await reply(target: target, preset: name, accept: accept, ifNoneMatch: ifNoneMatch)
            metrics.countRequest(preset: presets[name] == nil ? "(unknown)" : name, status: reply.status)
            metrics.setCoalesced(total: pipeline.coalescedTransferCount)
            return reply
        }
    }

    private func reply(target: String, preset name: String, accept: String?, ifNoneMatch: String?) async -> RenderReply {
        let preset: Preset
        let parameters: RenderParameters
        switch check(target: target, preset: name) {
        case .accepted(let checkedPreset, let checkedParameters): (preset, parameters) = (checkedPreset, checkedParameters)
        case .refused(let reply): return reply
        }
        do {
            try await admission.acquire()
        } catch {
            metrics.setLoad(inFlight: admission.active, queued: admission.waitingCount)
            return .text(
                503, "overloaded: \(admission.limit) requests in flight and \(admission.queueLimit) waiting; retry shortly",
                headers: [("Retry-After", "1")])
        }
        metrics.setLoad(inFlight: admission.active, queued: admission.waitingCount)
        defer {
            admission.release()
            metrics.setLoad(inFlight: admission.active, queued: admission.waitingCount)
        }
        return await render(parameters, preset: preset, accept: accept, ifNoneMatch: ifNoneMatch)
    }

    /// What the checks before admission make of a request.
    enum Check {
        /// The preset and parameters to render.
        case accepted(Preset, RenderParameters)
        /// The 4xx reply that refuses the request.
        case refused(RenderReply)
    }

    /// The checks before admission, in order: the signature (when a key
    /// is set), the preset, the query, the address policy on the source.
    func check(target: String, preset name: String) -> Check {
        if let signer {
            do throws(RequestSigner.Error) { try signer.verify(target) } catch { return .refused(.text(403, "\(error)")) }
        }
        guard let preset = presets[name] else {
            return .refused(.text(404, "unknown preset '\(name)' (presets: \(presets.names.joined(separator: ", ")))"))
        }
        let parameters: RenderParameters
        do throws(RenderParameters.Error) {
            let query = target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) } ?? ""
            parameters = try RenderParameters(
                query: query, limits: configuration.limits, allowSizing: preset.allowSizing, textParameters: preset.textParameters)
        } catch {
            if case .disallowedScheme = error { return .refused(.text(403, "\(error)")) }
            return .refused(.text(400, "\(error)"))
        }
        if let format = parameters.format, !preset.requestableFormats.contains(format) {
            let allowed = preset.requestableFormats.map(\.rawValue).joined(separator: ", ")
            return .refused(.text(400, "\(RenderParameters.Error.invalid("format", format.rawValue, expected: "one of this preset's formats, \(allowed)"))"))
        }
        if let refusal = addressPolicy.refusal(for: parameters.source) {
            logRefusal(parameters.source, refusal)
            return .refused(.text(403, "refused by the address policy: \(refusal)"))
        }
        return .accepted(preset, parameters)
    }

    private func render(_ parameters: RenderParameters, preset: Preset, accept: String?, ifNoneMatch: String?) async -> RenderReply {
        let surface: ImageSurface
        do throws(ImageSurface.Error) {
            surface = try ImageSurface(size: parameters.size, scale: parameters.scale)
        } catch {
            return .text(400, "\(error)")
        }
        let remote: ImageDescriptor<URL>
        do throws(RenderParameters.Error) { remote = try preset.descriptor(for: parameters) } catch {
            return .text(error.isClientError ? 400 : 500, "\(error)")
        }
        let failure = await show(remote, on: surface, preset: preset)
        if let failure, case .loadingFailed(let cause, _) = failure {
            switch cause {
            case .refused: return .text(403, cause.reason)
            case .disallowedScheme: return .text(403, "source refused: \(cause.reason)")
            // The process's descriptors ran out: a moment's state of this replica, not the source's fault.
            case .connectionFailed(_, .outOfDescriptors): return .text(503, "source not fetched: \(cause.reason)", headers: [("Retry-After", "1")])
            default: break
            }
        }
        // An open side is known once the image is: refuse it before rendering beyond the limits.
        if let shown = surface.descriptor {
            do throws(RenderParameters.Error) { try parameters.checkOpenSide(shown, limits: configuration.limits) } catch {
                return .text(400, "\(error)")
            }
        }
        let slotted = Self.needsRenderSlot(surface, preset: preset)
        do {
            if slotted { try await renderSlots.acquire() }
        } catch {
            return .text(503, "cancelled")
        }
        defer { if slotted { renderSlots.release() } }
        // A slot's work runs on the render threads: the cooperative pool stays free for unslotted renders.
        return await withTaskExecutorPreference(slotted ? renderThreads : nil) {
            await draw(remote, on: surface, failure: failure, parameters: parameters, preset: preset, accept: accept, ifNoneMatch: ifNoneMatch)
        }
    }

    /// Loads the source with the preset's presentation, or the failure
    /// placeholder, through the surface as any user does; returns the
    /// failure, if any.
    private func show(_ remote: ImageDescriptor<URL>, on surface: ImageSurface, preset: Preset) async -> ImageRequest.Error? {
        let maxSourcePixels = configuration.limits.maxSourcePixels
        let started = ContinuousClock.now
        let state = await traceLoad(remote, on: surface) {
            await surface.load(remote, placeholders: preset.placeholders, using: pipeline) { request in
                request.maxPixelCount = maxSourcePixels
            }
        }
        let source = surface.response?.source
        // A memory hit is no fetch: only loads count in the fetch histogram.
        if source != .memory { metrics.recordFetch(ContinuousClock.now - started) }
        switch state {
        case .loaded:
            metrics.countSource(source == .network ? .network : source == .memory ? .memory : .disk)
            return nil
        case .failed(_, let error):
            return error
        case .idle, .loading:
            return .cancelled(remote.reference)
        }
    }
}
