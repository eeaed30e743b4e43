import Foundation

extension ImagePipeline {
    /// What the pipeline knows of a source for its reduced copies: the
    /// size of a full decode, and whether its decoder shrinks on load
    /// (nil until a reduced decode has shown it).
    struct CopyFacts: Sendable {
        var size: PixelSize
        var shrinks: Bool?
    }

    /// The request for the reduced copy that serves `request`: the whole
    /// image reduced by the factor the target allows (full size when the
    /// decoder does not shrink this source). Chosen from sizes alone.
    static func copyRequest(for request: ImageRequest, target: ShrinkTarget, facts: CopyFacts) -> ImageRequest {
        copyRequest(for: request, factor: facts.shrinks == false ? 1 : target.reducedCopyFactor(for: facts.size), size: facts.size)
    }

    /// The request for the copy of `request`'s source reduced by `factor`
    /// (1: the full-size decode).
    static func copyRequest(for request: ImageRequest, factor: Int, size: PixelSize) -> ImageRequest {
        var copy = request
        copy.options.shrinkTarget = factor > 1 ? .wholeImage(size, reducedBy: factor) : nil
        return copy
    }

    /// Removes from `storage` every copy renders of `request`'s source
    /// would read (full size and reduced by 2, 4 and 8), and what the
    /// pipeline knew of its size.
    static func removeCopies(
        of request: ImageRequest, from storage: MemoryCache<ImageRequest.Key, Bitmap>,
        facts: MemoryCache<ImageRequest.Key, CopyFacts>
    ) {
        let factsKey = request.fullSizeKey
        guard let known = facts[factsKey] else { return }
        storage.removeValue(for: factsKey)
        for factor in [1, 2, 4, 8] {
            storage.removeValue(for: copyRequest(for: request, factor: factor, size: known.size).key)
        }
        facts.removeValue(for: factsKey)
    }

    /// With `Configuration.reducedCopies`, the memory-cached copy that
    /// serves `request`, without suspending; nil when its size is unknown
    /// or that copy is not in memory.
    func cachedReducedCopy(for request: ImageRequest, target: ShrinkTarget) -> Bitmap? {
        guard let facts = copyFacts[request.fullSizeKey] else { return nil }
        return memoryCache[Self.copyRequest(for: request, target: target, facts: facts).key]
    }

    /// With `Configuration.reducedCopies`: the image for a request with a
    /// shrink target is the whole source reduced by the largest factor (1,
    /// 2, 4 or 8) that still covers the target, kept in the memory cache
    /// under its own key, so one source rendered at many sizes decodes a
    /// few copies once and each render resamples from the smallest that
    /// has enough pixels. The same request renders the same bytes whatever
    /// the cache holds.
    func reducedCopyResponse(
        for request: ImageRequest, target: ShrinkTarget, priority: ConcurrencyGate.Priority
    ) async throws(ImageRequest.Error) -> ImageResponse {
        let factsKey = request.fullSizeKey
        guard request.cachePolicy.readsMemory, let facts = copyFacts[factsKey] else {
            return try await firstReducedCopy(for: request, target: target, priority: priority)
        }
        let copy = Self.copyRequest(for: request, target: target, facts: facts)
        if let hit = memoryCache[copy.key] { return ImageResponse(image: hit, source: .memory) }
        let response = try await decodeStage.image(for: copy, priority: priority)
        if copy.options.shrinkTarget != nil, facts.shrinks == nil {
            copyFacts.set(CopyFacts(size: facts.size, shrinks: response.image.scale != copy.scale), for: factsKey, cost: 1)
        }
        return response
    }

    /// A source whose size the pipeline does not know yet: its bytes, the
    /// size from their header, then the copy decoded from the same bytes.
    private func firstReducedCopy(
        for request: ImageRequest, target: ShrinkTarget, priority: ConcurrencyGate.Priority
    ) async throws(ImageRequest.Error) -> ImageResponse {
        guard request.scale.isFinite, request.scale > 0 else { return try await decodeStage.image(for: request, priority: priority) }
        let fetched = try await fetchStage.data(for: request.dataKey, policy: request.cachePolicy, priority: priority)
        let oriented = request.options.appliesOrientation
        guard let size = ImageInfo.decodedSize(of: fetched.data, decoders: configuration.decoders, oriented: oriented) else {
            // A format whose header Vignette does not read (SVG) or bytes no
            // decoder knows: the usual decode, of the bytes already here.
            return try await decodeStage.image(for: request, priority: priority, fetched: fetched)
        }
        let copy = Self.copyRequest(for: request, target: target, facts: CopyFacts(size: size, shrinks: nil))
        if request.cachePolicy.readsMemory, let hit = memoryCache[copy.key] {
            copyFacts.set(CopyFacts(size: size, shrinks: nil), for: request.fullSizeKey, cost: 1)
            return ImageResponse(image: hit, source: .memory)
        }
        // The decode stage's decode (its span, warning log and cache writes) of the bytes already here.
        let decoded = try await decodeStage.slotted(copy.url, priority, source: fetched.data) { decodeStage.decode(fetched, copy) }
        if case .success(let response) = decoded {
            let shrinks = copy.options.shrinkTarget == nil ? nil : response.image.scale != copy.scale
            copyFacts.set(CopyFacts(size: size, shrinks: shrinks), for: request.fullSizeKey, cost: 1)
        }
        // Its rules for a failure: a damaged cached copy is forgotten and
        // fetched afresh; bytes the network just gave are not fetched again.
        return try await decodeStage.settle(decoded, of: fetched, for: copy, priority: priority).get()
    }
}
