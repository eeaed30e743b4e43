import Foundation

extension ImagePipeline {
    /// Every frame of the image behind `request` (its one frame when the
    /// format does not animate), through the same fetch stage, caches and
    /// limits as `image(for:)`: the bytes of an image just shown come from
    /// memory or disk. `limits` are checked from the headers before any
    /// frame is decoded; `request.options`' pixel limits apply to the canvas
    /// and its shrink target is ignored (frames decode at full size).
    /// Frames are not kept in the memory cache.
    ///
    /// ```swift
    /// let animation = try await pipeline.animation(for: ImageRequest(url: stickerURL), limits: AnimationLimits(maxFrames: 200))
    /// print(animation.frames.count, animation.durationMilliseconds)
    /// ```
    public func animation(
        for request: ImageRequest, limits: AnimationLimits = .standard, priority: ImagePriority = .normal
    ) async throws(ImageRequest.Error) -> AnimatedImage {
        if let frames = try await frames(for: request, limits: limits, priority: priority, onlyIfAnimated: false) {
            return frames
        }
        return AnimatedImage(still: try await image(for: request, priority: priority))
    }

    /// The frames of an animated source; nil, without decoding anything,
    /// when the headers say it has one frame (or its format does not
    /// animate) — unless `onlyIfAnimated` is false.
    func frames(
        for request: ImageRequest, limits: AnimationLimits, priority: ImagePriority, onlyIfAnimated: Bool
    ) async throws(ImageRequest.Error) -> AnimatedImage? {
        let request = configuration.prepared(request)
        let fetched = try await fetchStage.data(
            for: request.dataKey, policy: request.cachePolicy, priority: ConcurrencyGate.Priority(priority))
        var options = request.options
        options.shrinkTarget = nil
        do throws(ImageDecoders.Error) {
            if onlyIfAnimated {
                guard let header = try configuration.decoders.animationHeader(for: fetched.data), header.frameCount > 1 else {
                    return nil
                }
            }
        } catch {
            throw .decodingFailed(request.url, error)
        }
        // Frames decode in a decode slot, as a still does.
        let decoded = try await decodeStage.slotted(request.url, ConcurrencyGate.Priority(priority)) {
            Result { () throws(ImageDecoders.Error) in
                try configuration.decoders.decodeAnimation(fetched.data, options: options, limits: limits)
            }
        }
        let animation = try decoded.mapError { ImageRequest.Error.decodingFailed(request.url, $0) }.get()
        fetchStage.commit(fetched, key: request.dataKey)
        return animation
    }
}
