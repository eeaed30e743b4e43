import Foundation
import Vignette

extension RenderCommand {
    /// How one job ended.
    enum Outcome: Sendable {
        /// Written; the line is what `-v` prints. `staleBecause` is set when
        /// a stale cached copy was rendered because the network failed.
        case rendered(line: String, staleBecause: ImageLoadingError?)
        /// Not rendered; `placeholder` is the `-v` line of the `--failure`
        /// placeholder written instead, if any.
        case failed(RenderError, placeholder: String?)
    }

    /// One input through the library: the surface loads the remote
    /// descriptor and ends as the image or as the failure placeholder.
    func render(_ job: Job, pipeline: ImagePipeline, failure: ImageDescriptor<Bitmap>?) async -> Outcome {
        let surface: ImageSurface
        do {
            surface = try ImageSurface(size: size.size, scale: scale)
        } catch {
            return .failed(.surfaceFailed(error), placeholder: nil)
        }
        let loader = RequestOptionsLoader(
            pipeline: pipeline, scale: sourceScale, cachePolicy: cachePolicy(for: job.input),
            limits: (maxPixels.value, maxSide.value))
        let descriptor = ImageDescriptor(
            job.input.url, contentMode: mode, tint: tint, background: background,
            accessibilityIdentifier: identifier)
        switch await surface.load(descriptor, placeholders: failure.map { .current.failure($0) }, using: loader) {
        case .loaded:
            do throws(RenderError) {
                let line = try write(surface, to: job.destination)
                let response = loader.response
                return .rendered(
                    line: line + (response.map { " (from \($0.source))" } ?? ""),
                    staleBecause: response?.staleBecause)
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

    /// Files and `data:` URLs are local already: `--offline` concerns the network only.
    private func cachePolicy(for input: Input) -> CachePolicy {
        if offline, case .network = input { return .cacheOnly }
        return reload ? .reloadIgnoringCaches : .memoryAndDisk
    }

    /// Writes the surface in the output format, atomically; returns the `-v` line.
    private func write(_ surface: ImageSurface, to destination: String) throws(RenderError) -> String {
        let bytes: Data
        do { bytes = try surface.encoded(using: outputFormat.encoder(quality: quality, lossless: lossless)) } catch {
            throw .encodingFailed(error)
        }
        do { try AtomicFile.write(bytes, to: destination) } catch { throw .writeFailed(error) }
        let (w, h) = surface.pixelSize
        return "\(destination): \(w)x\(h) px, \(bytes.count) bytes" + (identifier.map { ", id \($0)" } ?? "")
    }
}

/// The pipeline with the command's request options — `--source-scale`, the
/// cache policy and the decoder limits — which `ImageSurface.load` does not take. It keeps the
/// response, so the command can say where the image came from.
final class RequestOptionsLoader: ImageLoading {
    private let pipeline: ImagePipeline
    private let scale: Double?
    private let cachePolicy: CachePolicy
    private let limits: (maxPixelCount: Int, maxSide: Int)
    private let lastResponse = Locked<ImageResponse?>(nil)

    init(pipeline: ImagePipeline, scale: Double?, cachePolicy: CachePolicy, limits: (maxPixelCount: Int, maxSide: Int)) {
        self.pipeline = pipeline
        self.scale = scale
        self.cachePolicy = cachePolicy
        self.limits = limits
    }

    /// The last response delivered.
    var response: ImageResponse? { lastResponse.withLock { $0 } }

    // Always through `response(for:)`, which says where the image came from
    // (memory hits included); the command's pipeline keeps no memory cache.
    func cachedImage(for request: ImageRequest) -> Bitmap? { nil }

    func image(for request: ImageRequest, priority: ImagePriority) async throws(ImageLoadingError) -> Bitmap {
        var request = request
        if let scale { request.scale = scale }
        request.cachePolicy = cachePolicy
        request.options.maxPixelCount = limits.maxPixelCount
        request.options.maxSide = limits.maxSide
        let response = try await pipeline.response(for: request, priority: priority)
        lastResponse.withLock { $0 = response }
        return response.image
    }
}
