import Foundation

extension ImageSurface {
    /// What `renderAnimation` ends as when it cannot give the frames.
    public enum AnimationError: Swift.Error, Sendable, CustomStringConvertible {
        /// The surface is not showing `remote`'s image (not loaded, or it
        /// failed and shows a placeholder): render the surface instead.
        case notLoaded(LoadState)
        /// Loading or decoding every frame failed (a limit of
        /// `AnimationLimits` is a `decodingFailed` with `tooManyFrames` or
        /// `animationTooLarge`).
        case loadingFailed(ImageRequest.Error)
        /// Drawing the frames failed (`animationTooLarge` when the output
        /// frames together break `maxAnimationPixels`).
        case renderingFailed(ImageRenderer.Error)

        /// What went wrong.
        public var description: String {
            switch self {
            case .notLoaded(let state): "the surface shows no loaded image (\(state))"
            case .loadingFailed(let error): "\(error)"
            case .renderingFailed(let error): "\(error)"
            }
        }
    }

    /// Every frame of `remote`'s image drawn as this surface draws its first:
    /// the surface's descriptor (content mode, focus, shape, effects,
    /// overlays …), size and scale over each composed frame, with durations
    /// and loop count kept. Call it after `load(remote, …)` answered
    /// `.loaded`, with the same `configure`; a still image gives one frame,
    /// exactly `render()`.
    ///
    /// ```swift
    /// let surface = try ImageSurface(size: Size(width: 64, height: 64), scale: 2)
    /// let sticker = ImageDescriptor(stickerURL, contentMode: .aspectFit)
    /// if case .loaded = await surface.load(sticker, using: pipeline) {
    ///     let frames = try await surface.renderAnimation(of: sticker, using: pipeline)
    ///     let webp = try frames.encoded(as: .webp)
    /// }
    /// ```
    public func renderAnimation(
        of remote: ImageDescriptor<URL>, using pipeline: ImagePipeline, limits: AnimationLimits = .standard,
        priority: ImagePriority = .normal, configure: (inout ImageRequest) -> Void = { _ in }
    ) async throws(AnimationError) -> AnimatedImage {
        guard case .loaded = loadState, let shown = descriptor else { throw .notLoaded(loadState) }
        var request = remoteRequest(for: remote)
        configure(&request)
        let frames: AnimatedImage?
        do throws(ImageRequest.Error) {
            frames = try await pipeline.frames(for: request, limits: limits, priority: priority, onlyIfAnimated: true)
        } catch {
            throw .loadingFailed(error)
        }
        // A still source keeps the surface's own render (the very bytes of `render()`), decoded once.
        guard let animation = frames, animation.isAnimated else { return AnimatedImage(still: render()) }
        do throws(ImageRenderer.Error) {
            return try ImageRenderer.render(shown.map { _ in animation }, size: size, scale: scale, limits: limits)
        } catch {
            throw .renderingFailed(error)
        }
    }
}
