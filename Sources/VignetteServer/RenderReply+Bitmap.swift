import Foundation
import Vignette

extension RenderReply {
    /// An image your own code rendered, answered as the render service
    /// answers: in `format`, or when nil the first of `formats` that
    /// `accept` names by its media type (JPEG for an opaque bitmap, PNG for
    /// a translucent one when it names none) with `Vary: Accept`; a strong
    /// `ETag` over the bytes, `304` without a body when `ifNoneMatch` names
    /// it, and `Cache-Control` as `cacheControl` says (none when nil). With
    /// a `failure` (the bitmap then shows the failure placeholder) it is
    /// the service's failure reply: 404 when the origin said 404 or 410,
    /// else 502, `no-store` and the reason in `X-Vignette-Error`. A bitmap
    /// the format cannot encode is a `500` saying why. `options` default to
    /// the service's own (`EncodingOptions.serving`), so the bytes are
    /// those the service would send.
    ///
    /// ```swift
    /// let reply = RenderReply.image(
    ///     Bitmap(width: 8, height: 8, fill: .white), accept: "image/webp,*/*", ifNoneMatch: nil,
    ///     cacheControl: "public, max-age=600")
    /// reply.header("Content-Type")  // "image/webp"
    /// ```
    public static func image(
        _ bitmap: Bitmap, format: ImageFormat? = nil, formats: [ImageFormat] = [.webp, .jpeg],
        options: EncodingOptions = .serving, accept: String?, ifNoneMatch: String?, cacheControl: String? = nil, failure: ImageRequest.Error? = nil
    ) -> RenderReply {
        let chosen = format ?? ImageFormat.negotiate(accept: accept, isOpaque: bitmap.isOpaque, candidates: formats)
        let body: Data
        do throws(EncodingOptions.Error) {
            body = try bitmap.encoded(as: chosen, options: options)
        } catch {
            return .text(500, "\(error)")
        }
        if let failure { return failed(body, format: chosen, varies: format == nil, failure: failure) }
        return cached(body, format: chosen, varies: format == nil, cacheControl: cacheControl, ifNoneMatch: ifNoneMatch)
    }
}
