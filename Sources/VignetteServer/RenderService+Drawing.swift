import Foundation
import Vignette

extension RenderService {
    /// Whether a render waits for one of `renderSlots`: not when the image
    /// and the output are both small (at most `ImagePipeline.unslottedPixels`)
    /// and still — a few milliseconds, which then never wait behind a burst
    /// of large renders. A slotted render runs on `renderThreads`, an
    /// unslotted one in the request's task on the cooperative pool.
    static func needsRenderSlot(_ surface: ImageSurface, preset: Preset) -> Bool {
        let image = surface.descriptor.map { $0.reference.width * $0.reference.height } ?? 0
        let output = surface.pixelSize.width * surface.pixelSize.height
        return preset.animation || max(image, output) > ImagePipeline.unslottedPixels
    }

    /// The reply for `remote` loaded on `surface` (or its failure placeholder):
    /// the animation when the preset keeps one, else the surface rendered and
    /// encoded in the negotiated format. Runs on whatever executor the caller
    /// prefers: the render threads while it holds a render slot.
    func draw(
        _ remote: ImageDescriptor<URL>, on surface: ImageSurface, failure: ImageRequest.Error?, parameters: RenderParameters,
        preset: Preset, accept: String?, ifNoneMatch: String?
    ) async -> RenderReply {
        let started = ContinuousClock.now
        if failure == nil {
            switch await animatedAnswer(of: remote, on: surface, parameters: parameters, preset: preset, accept: accept) {
            case .still: break
            case .refused(let reply): return reply
            case .animated(let body, let format):
                metrics.recordRender(ContinuousClock.now - started)
                return RenderReply.image(
                    body, format: format, varies: parameters.format == nil, maxAge: preset.maxAge, failure: nil,
                    ifNoneMatch: ifNoneMatch)
            }
        }
        let bitmap = traceRender(surface)
        let format =
            parameters.format ?? ImageFormat.negotiate(accept: accept, isOpaque: bitmap.isOpaque, candidates: preset.formats)
        let body: Data
        do throws(EncodingOptions.Error) {
            body = try traceEncode(bitmap, as: format, quality: parameters.quality)
        } catch {
            return .text(500, "\(error)")
        }
        metrics.recordRender(ContinuousClock.now - started)
        return RenderReply.image(
            body, format: format, varies: parameters.format == nil,
            maxAge: preset.maxAge, failure: failure, ifNoneMatch: ifNoneMatch)
    }
}
