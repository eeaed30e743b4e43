extension ImagePipeline {
    /// The memory cache of decoded images, by request: an entry is one URL
    /// decoded with one set of options (scale, limits, shrink target).
    /// Reads and writes are synchronous and thread-safe; the least recently
    /// used images go first when `Configuration.memoryCacheBytes` is full.
    ///
    /// ```swift
    /// let request = ImageRequest(url: url)
    /// if let image = pipeline.cache[request] { print(image.size) }
    /// pipeline.cache[request] = placeholder            // seed it
    /// pipeline.cache[request] = nil                    // or drop one image
    /// pipeline.cache.removeAll()                       // memory warning
    /// ```
    public struct Cache: Sendable {
        let storage: MemoryCache<ImageRequest.Key, Bitmap>
        /// Applies the pipeline's request modifier and key transform, so
        /// the cache files a request under the key its loads use.
        let configuration: Configuration
        /// Source sizes for `Configuration.reducedCopies`, by full-size key.
        let copyFacts: MemoryCache<ImageRequest.Key, CopyFacts>

        /// The image decoded for exactly this request (no suspension; a
        /// hit becomes the most recently used). Setting stores an image for
        /// the request (unless it is larger than
        /// `Configuration.memoryCacheEntryBytes`); setting nil removes it
        /// and, with `Configuration.reducedCopies`, the source's full-size
        /// and reduced copies that renders of it read, so the next render
        /// decodes the source again (the original bytes may still be in
        /// memory: `removeAll()` does not reach them either).
        public subscript(request: ImageRequest) -> Bitmap? {
            get { storage[configuration.prepared(request).key] }
            nonmutating set {
                let prepared = configuration.prepared(request)
                if let newValue {
                    storage.set(newValue, for: prepared.key, cost: newValue.pixels.count)
                } else {
                    storage.removeValue(for: prepared.key)
                    ImagePipeline.removeCopies(of: prepared, from: storage, facts: copyFacts)
                }
            }
        }

        /// True when the image for exactly this request is in memory
        /// (without making it the most recently used).
        package func containsImage(for request: ImageRequest) -> Bool {
            storage.contains(configuration.prepared(request).key)
        }

        /// Empties the cache, reduced copies and what was known of their sources included.
        public func removeAll() {
            storage.removeAll()
            copyFacts.removeAll()
        }

        /// Images held.
        public var count: Int { storage.count }

        /// Bytes of decoded pixels held.
        public var totalCost: Int { storage.totalCost }
    }

    /// The memory cache of decoded images: `pipeline.cache[request]`.
    public var cache: Cache { Cache(storage: memoryCache, configuration: configuration, copyFacts: copyFacts) }
}

extension ImagePipeline.Configuration {
    /// `request` as the pipeline sees it: changed by `requestModifier`,
    /// then given `cacheKeyTransform` unless it has its own. Every entry
    /// point calls this once, so the memory cache, coalescing and the disk
    /// cache all use the key it gives.
    func prepared(_ request: ImageRequest) -> ImageRequest {
        guard requestModifier != nil || cacheKeyTransform != nil else { return request }
        var request = request
        requestModifier?(&request)
        if request.cacheKeyTransform == nil, let cacheKeyTransform { request.cacheKeyTransform = cacheKeyTransform }
        return request
    }
}
