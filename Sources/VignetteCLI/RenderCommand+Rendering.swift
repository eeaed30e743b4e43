import Foundation
import Vignette

extension RenderCommand {
    /// How one job ended.
    enum Outcome: Sendable {
        /// Written; the line is what `-v` prints. `staleBecause` is set when
        /// a stale cached copy was rendered because the network failed;
        /// `warnings` say what the decoder repaired.
        case rendered(line: String, staleBecause: ImageRequest.Error?, warnings: [DecodingWarning])
        /// Not rendered; `placeholder` is the `-v` line of the `--failure`
        /// placeholder written instead, if any.
        case failed(RenderError, placeholder: String?)
    }

    /// The presentation every input shares: effects in order and the decoded overlays.
    struct Look: Sendable {
        var ordered: PresentationOptions.Ordered
        var overlays: [ImageOverlay]
    }

    /// One input through the library: the surface loads the remote
    /// descriptor and ends as the image or as the failure placeholder.
    func render(_ job: Job, pipeline: ImagePipeline, failure: ImageDescriptor<Bitmap>?, look: Look) async -> Outcome {
        let surface: ImageSurface
        do {
            surface = try ImageSurface(size: surfaceSize, scale: scale)
        } catch {
            return .failed(.surfaceFailed(error), placeholder: nil)
        }
        let descriptor = descriptor(for: job.input.url, ordered: look.ordered, overlays: look.overlays)
        let placeholders = failure.map { ImageSurface.Placeholders.current.failure($0) }
        let state = await surface.load(descriptor, placeholders: placeholders, using: pipeline) { request in
            configure(&request, for: job.input)
        }
        switch state {
        case .loaded:
            do throws(RenderError) {
                let frames = try await animationFrames(of: descriptor, on: surface, pipeline: pipeline, input: job.input)
                let line = try write(surface, frames: frames, to: job.destination)
                let response = surface.response
                return .rendered(
                    line: line + (response.map { " (from \($0.source))" } ?? ""),
                    staleBecause: response?.staleBecause, warnings: response?.warnings ?? [])
            } catch {
                return .failed(error, placeholder: nil)
            }
        case .failed(let url, let error):
            // Without --failure the surface shows the library's placeholder: not written.
            let placeholder = failure == nil ? nil : try? write(surface, to: job.destination)
            return .failed(.loadFailed(url, error), placeholder: placeholder.map { $0 + " (failure placeholder)" })
        case let state:
            return .failed(.unfinished(state), placeholder: nil)
        }
    }

    /// The command's request options: `--source-scale`, the cache policy,
    /// the decoder limits and `--reject-damaged`.
    private func configure(_ request: inout ImageRequest, for input: Input) {
        if let sourceScale { request.scale = sourceScale }
        request.cachePolicy = cachePolicy(for: input)
        request.options.maxPixelCount = maxPixels.value
        request.options.maxSide = maxSide.value
        request.options.rejectsDamagedData = rejectDamaged
    }

    /// Files and `data:` URLs are local already: `--offline` concerns the network only.
    private func cachePolicy(for input: Input) -> CachePolicy {
        if offline, case .network = input { return .cacheOnly }
        return reload ? .reloadIgnoringCaches : .memoryAndDisk
    }

    /// Every frame drawn on the surface when the output keeps an animated
    /// source's animation; nil for a still source or output.
    private func animationFrames(
        of remote: ImageDescriptor<URL>, on surface: ImageSurface, pipeline: ImagePipeline, input: Input
    ) async throws(RenderError) -> AnimatedImage? {
        guard animation.keepsAnimation(in: outputFormat) else { return nil }
        do throws(ImageSurface.AnimationError) {
            let frames = try await surface.renderAnimation(of: remote, using: pipeline, limits: animation.limits) { request in
                configure(&request, for: input)
            }
            return frames.isAnimated ? frames : nil
        } catch {
            throw .animationFailed(error)
        }
    }

    /// Writes the surface (or its frames) in the output format, atomically; returns the `-v` line.
    private func write(_ surface: ImageSurface, frames: AnimatedImage? = nil, to destination: String) throws(RenderError) -> String {
        let bytes: Data
        // The bitmap's size, not the surface's: an open side or --no-extend sizes the output.
        let bitmap = frames?.firstFrame ?? surface.render()
        let options = EncodingOptions(quality: quality, lossless: lossless)
        do throws(EncodingOptions.Error) {
            if let frames {
                bytes = try frames.encoded(as: outputFormat, options: options)
            } else {
                bytes = try bitmap.encoded(as: outputFormat, options: options)
            }
        } catch {
            throw .encodingFailed(error)
        }
        do { try AtomicFile.write(bytes, to: destination) } catch { throw .writeFailed(error) }
        let (w, h) = (bitmap.width, bitmap.height)
        let animated = frames.map { ", \($0.frames.count) frames" } ?? ""
        return "\(destination): \(w)x\(h) px\(animated), \(bytes.count) bytes" + (identifier.map { ", id \($0)" } ?? "")
    }
}
