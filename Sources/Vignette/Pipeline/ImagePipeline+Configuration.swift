import Foundation
import Logging
import Tracing

extension ImagePipeline {
    /// Pipeline settings.
    ///
    /// ```swift
    /// let pipeline = ImagePipeline(configuration: .init(maxConcurrentLoads: 4, retry: .none))
    /// ```
    public struct Configuration: Sendable {
        /// Transfers at once. Default 8: with 50 ms of origin latency,
        /// throughput rises up to 8 and is flat beyond (README, "Remote
        /// rendering"); on loopback 4 already saturates 2 cores.
        public var maxConcurrentLoads: Int
        /// Decodes at once, the CPU-bound part of a load: a decode waits
        /// for a slot as a transfer does (most urgent first, prefetches
        /// last), suspended, never holding a thread of the cooperative
        /// pool, so a burst of large sources queues instead of filling the
        /// pool and stalling every small image behind it. A source whose
        /// header says it has at most 1 Mpx decodes at once, without a
        /// slot. Default: the active core count.
        public var maxConcurrentDecodes: Int
        /// Retry rules for transient failures.
        public var retry: RetryPolicy
        /// Memory cache size in bytes of decoded pixels.
        public var memoryCacheBytes: Int
        /// Largest single bitmap the memory cache keeps.
        public var memoryCacheEntryBytes: Int
        /// Memory cache of original (encoded) bytes, so another decode of a
        /// recent URL (another scale) needs no transfer; 0 turns it off.
        public var dataCacheBytes: Int
        /// Original bytes of http(s) images with their validators; nil keeps
        /// nothing on disk. (`file:` and `data:` URLs are never disk-cached.)
        public var diskCache: DiskCache?
        /// The decoders, picked by sniffing the bytes.
        public var decoders: ImageDecoders
        /// Where the pipeline logs retries with their cause (info), address
        /// policy refusals (notice), damaged cached copies (warning) and
        /// decoding warnings (info), naming a source by its host only. The
        /// default logs nothing.
        public var logger: Logger = silentLogger
        /// The tracer for the `vignette.fetch`, `vignette.revalidate` and
        /// `vignette.decode` spans; nil uses the process's
        /// (`InstrumentationSystem.tracer`, a no-op unless bootstrapped).
        public var tracer: (any Tracer)?
        /// Off by default. On, a request with a shrink target (a surface's
        /// load) is served from a reduced copy of the whole source — by 2,
        /// 4 or 8 where the decoder shrinks on load, the smallest that
        /// still covers the target, chosen from sizes alone — kept in the
        /// memory cache (counted in `memoryCacheBytes`), so a source shown
        /// at many sizes is decoded a few times and each render resamples
        /// fewer pixels. Renders stay deterministic, but differ from
        /// renders without it (≥ 38 dB from a Lanczos-3 of the full image);
        /// `vignette serve` turns it on.
        public var reducedCopies: Bool
        /// Changes every request before anything else sees it — its key,
        /// the caches, the transfer: adds an `Authorization` header for one
        /// host, say. It runs on every look-up, the synchronous
        /// memory-cache one included, so it must be quick and must not
        /// block. Headers it adds count as the request's own (sensitive
        /// ones keep their own cache entries). nil: requests as given.
        public var requestModifier: (@Sendable (inout ImageRequest) -> Void)?
        /// The key transform of requests that have none
        /// (`ImageRequest.cacheKeyTransform`), e.g.
        /// `.ignoringCloudSignatures`. nil: the URL's text.
        public var cacheKeyTransform: CacheKeyTransform?
        /// How the fetch stage waits: the backoff before a retry, and the
        /// retry budget's deadline (`deadline - now`). Tests record the waits
        /// instead of taking them.
        package var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

        /// Creates a configuration.
        public init(
            maxConcurrentLoads: Int = 8, retry: RetryPolicy = RetryPolicy(),
            memoryCacheBytes: Int = 256 << 20, memoryCacheEntryBytes: Int = 64 << 20,
            dataCacheBytes: Int = 32 << 20, diskCache: DiskCache? = nil,
            decoders: ImageDecoders = .standard, reducedCopies: Bool = false,
            maxConcurrentDecodes: Int = ProcessInfo.processInfo.activeProcessorCount
        ) {
            self.maxConcurrentLoads = max(1, maxConcurrentLoads)
            self.maxConcurrentDecodes = max(1, maxConcurrentDecodes)
            self.retry = retry
            self.memoryCacheBytes = memoryCacheBytes
            self.memoryCacheEntryBytes = memoryCacheEntryBytes
            self.dataCacheBytes = max(0, dataCacheBytes)
            self.diskCache = diskCache
            self.decoders = decoders
            self.reducedCopies = reducedCopies
        }
    }
}
