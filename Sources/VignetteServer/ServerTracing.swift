import Foundation
import Logging
import Tracing
import Vignette

/// The render service's spans, around the pipeline's (`vignette.fetch`,
/// `vignette.revalidate`, `vignette.decode`):
///
/// ```
/// vignette.request   vignette.preset, http.response.status_code
/// ├─ vignette.load   server.address, vignette.source, vignette.cache (hit/miss)
/// │  ├─ vignette.fetch       (not for a memory hit)
/// │  └─ vignette.decode
/// ├─ vignette.render image.width, image.height
/// └─ vignette.encode vignette.format, vignette.bytes
/// ```
///
/// None names the full source URL (its query may hold a signature): only
/// its host.
extension RenderService {
    /// `body`, the whole request, in a `vignette.request` span.
    func traceRequest(preset name: String, _ body: () async -> RenderReply) async -> RenderReply {
        await pipeline.observer.span("vignette.request") { span in
            span.attributes["vignette.preset"] = presets[name] == nil ? "(unknown)" : name
            let reply = await body()
            span.attributes["http.response.status_code"] = reply.status
            if reply.status >= 500 { span.setStatus(SpanStatus(code: .error)) }
            return reply
        }
    }

    /// `load`, loading the source onto the surface, in a `vignette.load` span.
    func traceLoad(_ remote: ImageDescriptor<URL>, on surface: ImageSurface, _ load: () async -> ImageSurface.LoadState) async -> ImageSurface.LoadState {
        await pipeline.observer.span("vignette.load") { span in
            let state = await load()
            // Without a tracer (a no-op span), no attribute is worth computing.
            guard span.isRecording else { return state }
            span.attributes["server.address"] = remote.reference.loggableSource
            switch state {
            case .loaded:
                if let source = surface.response?.source {
                    span.attributes["vignette.source"] = source.spanValue
                    span.attributes["vignette.cache"] = source == .network ? "miss" : "hit"
                }
                span.attributes["image.width"] = surface.response?.image.width
                span.attributes["image.height"] = surface.response?.image.height
            case .failed(_, let error):
                span.fail(error.reason, type: error.spanType)
            case .idle, .loading:
                span.fail("cancelled", type: "cancelled")
            }
            return state
        }
    }

    /// Renders the surface in a `vignette.render` span.
    func traceRender(_ surface: ImageSurface) -> Bitmap {
        pipeline.observer.span("vignette.render") { span in
            let bitmap = surface.render()
            span.attributes["image.width"] = bitmap.width
            span.attributes["image.height"] = bitmap.height
            return bitmap
        }
    }

    /// Encodes in a `vignette.encode` span, with the configuration's
    /// options (`ServerConfiguration.encodingOptions(quality:)`).
    func traceEncode(_ bitmap: Bitmap, as format: ImageFormat, quality: Int) throws(EncodingOptions.Error) -> Data {
        let options = configuration.encodingOptions(quality: quality)
        return try traceEncode(as: format) { () throws(EncodingOptions.Error) -> Data in
            try bitmap.encoded(as: format, options: options)
        }
    }

    /// Runs `encode` (a still image or an animation) in a `vignette.encode`
    /// span that names the format, the bytes written and any failure.
    func traceEncode(
        as format: ImageFormat, _ encode: () throws(EncodingOptions.Error) -> Data
    ) throws(EncodingOptions.Error) -> Data {
        try pipeline.observer.span("vignette.encode") { (span) throws(EncodingOptions.Error) in
            span.attributes["vignette.format"] = format.rawValue
            do throws(EncodingOptions.Error) {
                let body = try encode()
                span.attributes["vignette.bytes"] = body.count
                return body
            } catch {
                span.fail("\(error)", type: "encoding")
                throw error
            }
        }
    }

    /// Logs a source the address policy refused before admission (notice:
    /// a healthy client never asks for one), naming its host only.
    func logRefusal(_ source: URL, _ refusal: ImageRequest.TransferError.Refusal) {
        pipeline.observer.logger.notice(
            "source refused by the address policy",
            metadata: ["source": "\(source.loggableSource)", "reason": "\(refusal)"])
    }
}
