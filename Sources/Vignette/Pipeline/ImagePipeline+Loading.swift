import Foundation

extension ImagePipeline {
    /// One job: the caches its policy allows, then the network with retries,
    /// then decode and store.
    func execute(_ request: ImageRequest, priority: LoadScheduler.Priority) async -> Result<ImageResponse, ImagePipeline.Error> {
        let policy = request.cachePolicy
        let disk = Self.isDiskCacheable(request.url) ? configuration.diskCache : nil
        let diskKey = request.url.absoluteString
        var cached: DiskCacheEntry?
        if policy.readsDisk, let disk {
            cached = await disk.entry(for: diskKey)
        }
        if Task.isCancelled { return .failure(.cancelled(request.url)) }
        if let entry = cached, policy == .cacheOnly || entry.metadata.isFresh() {
            switch decode(entry, request, disk: disk) {
            case .success(let bitmap): return .success(ImageResponse(image: bitmap, source: .disk))
            case .failure(let error) where !Self.isDamaged(error): return .failure(error)
            case .failure: cached = nil
            }
        }
        if policy == .cacheOnly { return .failure(.notCached(request.url)) }

        let validators = cached?.metadata.validators ?? CacheValidators()
        switch await fetch(request, validators: validators, priority: priority) {
        case .success(let response) where response.isNotModified:
            guard let entry = cached else {
                return .failure(.loadingFailed(.transferFailed(request.url, reason: "304 Not Modified without a cached copy"), attempts: 1))
            }
            let bitmap: Bitmap
            switch decode(entry, request, disk: disk) {
            case .success(let image): bitmap = image
            case .failure(let error): return .failure(error)
            }
            if let metadata = entry.metadata.revalidated(with: response.headers) {
                disk?.store(DiskCacheEntry(key: diskKey, data: entry.data, metadata: metadata))
            } else if let disk {
                Task { try? await disk.removeEntry(for: diskKey) }  // the 304 says no-store
            }
            return .success(ImageResponse(image: bitmap, source: .revalidated))
        case .success(let response):
            let bitmap: Bitmap
            do {
                bitmap = try PNGCodec.decode(response.data, scale: request.scale, maxPixelCount: request.maxPixelCount)
            } catch {
                return .failure(.decodingFailed(request.url, error))
            }
            remember(bitmap, request)
            if policy.writesDisk, let disk, let metadata = CacheMetadata(response: response.headers) {
                disk.store(DiskCacheEntry(key: diskKey, data: response.data, metadata: metadata))
            }
            return .success(ImageResponse(image: bitmap, source: .network))
        case .failure(let error):
            // Offline or the origin failing (connection, timeout, 5xx): a
            // stale copy beats no image — unless the origin forbade it. A
            // definite answer such as 404 or 410 is not papered over.
            guard case .loadingFailed(let cause, _) = error, cause.isTransient,
                  let entry = cached, !entry.metadata.mustRevalidate,
                  case .success(let bitmap) = decode(entry, request, disk: disk) else { return .failure(error) }
            return .success(ImageResponse(image: bitmap, source: .disk, staleBecause: error))
        }
    }

    /// Only http(s) bodies are worth keeping: file and data URLs are local already.
    static func isDiskCacheable(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased()
        return scheme == "http" || scheme == "https"
    }

    /// Decodes a cached entry into memory. Bytes that are not an image are
    /// dropped from the disk; a failure of this request's own limits (pixel
    /// count, scale) leaves the entry for other requests.
    private func decode(_ entry: DiskCacheEntry, _ request: ImageRequest, disk: DiskCache?) -> Result<Bitmap, ImagePipeline.Error> {
        do {
            let bitmap = try PNGCodec.decode(entry.data, scale: request.scale, maxPixelCount: request.maxPixelCount)
            remember(bitmap, request)
            return .success(bitmap)
        } catch {
            let failure = ImagePipeline.Error.decodingFailed(request.url, error)
            if Self.isDamaged(failure), let disk { Task { try? await disk.removeEntry(for: entry.key) } }
            return .failure(failure)
        }
    }

    /// True when the bytes themselves are bad, not the request's limits.
    static func isDamaged(_ error: ImagePipeline.Error) -> Bool {
        switch error {
        case .decodingFailed(_, .notPNG), .decodingFailed(_, .malformed): true
        default: false
        }
    }

    private func remember(_ bitmap: Bitmap, _ request: ImageRequest) {
        memoryCache.set(bitmap, for: request.key, cost: bitmap.pixels.count)
    }

    /// The transfer, at most `maxConcurrentLoads` at once, retried with
    /// backoff while the failure is transient.
    private func fetch(_ request: ImageRequest, validators: CacheValidators,
                       priority: LoadScheduler.Priority) async -> Result<LoadedData, ImagePipeline.Error> {
        var attempt = 0
        while true {
            do {
                try await scheduler.acquire(priority)
            } catch {
                return .failure(.cancelled(request.url))
            }
            let outcome: Result<LoadedData, LoadingError>
            do {
                outcome = .success(try await loader.load(request.url, revalidating: validators))
            } catch {
                outcome = .failure(error)
            }
            scheduler.release()
            switch outcome {
            case .success(let response):
                return .success(response)
            case .failure(.cancelled):
                return .failure(.cancelled(request.url))
            case .failure(let error):
                guard error.isTransient, attempt < configuration.retry.maxRetries, !Task.isCancelled else {
                    return .failure(.loadingFailed(error, attempts: attempt + 1))
                }
                var retryAfter: Duration?
                if case .httpStatus(_, _, let after) = error { retryAfter = after }
                do {
                    try await Task.sleep(for: configuration.retry.delay(beforeRetry: attempt, retryAfter: retryAfter))
                } catch {
                    return .failure(.cancelled(request.url))
                }
                attempt += 1
            }
        }
    }
}
