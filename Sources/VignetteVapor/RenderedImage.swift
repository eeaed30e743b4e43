#if Vapor
    import Foundation
    import Vapor
    import Vignette
    import VignetteServer

    /// A bitmap your route rendered, returned as the render service
    /// answers: the format from the request's `Accept` (or the one you
    /// name), a strong `ETag` over the bytes, `304` for a matching
    /// `If-None-Match`, and the `Cache-Control` you set.
    ///
    /// ```swift
    /// app.get("badge") { _ -> RenderedImage in
    ///     RenderedImage(Bitmap(width: 16, height: 16, fill: .white), cacheControl: "public, max-age=86400")
    /// }
    /// ```
    public struct RenderedImage: AsyncResponseEncodable, Sendable {
        /// The pixels.
        public var bitmap: Bitmap
        /// The format; nil to pick from `Accept` among `formats` (with `Vary: Accept`).
        public var format: ImageFormat?
        /// What `Accept` may pick, in order of preference; JPEG for an opaque
        /// bitmap, PNG for a translucent one when it names none.
        public var formats: [ImageFormat]
        /// How the image is encoded; default the render service's own
        /// (`EncodingOptions.serving`).
        public var options: EncodingOptions
        /// The `Cache-Control` header, as given; none when nil.
        public var cacheControl: String?
        /// The load's failure when the bitmap shows the failure placeholder:
        /// then 404 (the origin said 404 or 410) or 502, and `no-store`.
        public var failure: ImageRequest.Error?

        /// A rendered bitmap.
        public init(
            _ bitmap: Bitmap, format: ImageFormat? = nil, formats: [ImageFormat] = [.webp, .jpeg],
            options: EncodingOptions = .serving, cacheControl: String? = nil, failure: ImageRequest.Error? = nil
        ) {
            self.bitmap = bitmap
            self.format = format
            self.formats = formats
            self.options = options
            self.cacheControl = cacheControl
            self.failure = failure
        }

        /// The encoded image, negotiated against `request`'s headers.
        public func encodeResponse(for request: Request) async throws -> Response {
            Response(
                RenderReply.image(
                    bitmap, format: format, formats: formats, options: options,
                    accept: request.headers.joined(.accept), ifNoneMatch: request.headers.joined(.ifNoneMatch),
                    cacheControl: cacheControl, failure: failure))
        }
    }
#endif
