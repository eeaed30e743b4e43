import Foundation
import VignetteCore

extension FixtureLoader {
    /// What one load of a URL gives.
    ///
    /// ```swift
    /// fixtures.respond(to: url, with: .image(photo))                          // loads at once
    /// fixtures.respond(to: url, with: .data(jpegBytes))                       // decoded as the pipeline would
    /// fixtures.respond(to: url, with: .httpStatus(503), .image(photo))        // fails, then a retry loads
    /// fixtures.respond(to: url, with: .image(photo).delayed(by: .seconds(2))) // waits on the virtual clock
    /// ```
    public indirect enum Response: Sendable, CustomStringConvertible {
        /// This bitmap, as it is.
        case image(Bitmap)
        /// These encoded bytes, decoded with the loader's `ImageDecoders` and
        /// the request's `DecodingOptions` — scale and shrink-on-load target
        /// included — so the bitmap is the one a pipeline would deliver.
        /// Bytes no decoder reads fail with `.decodingFailed(url, …)`.
        case data(Data)
        /// This error, as it is.
        case failure(ImageRequest.Error)
        /// The server answered `status`: `.loadingFailed(.httpStatus(url, status:,
        /// retryAfter:), attempts: 1)` for the requested URL.
        case httpStatus(Int, retryAfter: Duration? = nil)
        /// `response`, once the loader's virtual clock has moved `delay` past
        /// the moment the load began.
        case delayed(Duration, Response)
        /// Never answers: the load stays in flight until it is cancelled
        /// (then `.cancelled(url)`), however far the clock moves.
        case pending

        /// The same response after `delay` on the loader's virtual clock.
        public func delayed(by delay: Duration) -> Response { .delayed(delay, self) }

        /// `image 24x16@1x`, `HTTP 404`, `after 2.0 seconds: image …`, …
        public var description: String {
            switch self {
            case .image(let bitmap): "image \(bitmap.width)x\(bitmap.height)@\(Size.format(bitmap.scale))x"
            case .data(let data): "\(data.count) encoded bytes"
            case .failure(let error): "failure: \(error.reason)"
            case .httpStatus(let status, let retryAfter): "HTTP \(status)" + (retryAfter.map { " (retry after \($0))" } ?? "")
            case .delayed(let delay, let response): "after \(delay): \(response)"
            case .pending: "pending until cancelled"
            }
        }
    }

    /// One call of `image(for:priority:)` as the loader saw it.
    public struct RecordedRequest: Sendable, Hashable, CustomStringConvertible {
        /// The request, with its decode options and cache policy.
        public var request: ImageRequest
        /// The priority it was asked with.
        public var priority: ImagePriority

        /// A record.
        package init(request: ImageRequest, priority: ImagePriority) {
            self.request = request
            self.priority = priority
        }

        /// The requested URL.
        package var url: URL { request.url }
        /// How the image was to be decoded (scale, shrink-on-load target, limits).
        package var options: DecodingOptions { request.options }

        /// `https://… (scale 2, normal)`.
        public var description: String {
            "\(url.absoluteString) (scale \(Size.format(options.scale)), \(priority))"
        }
    }

    /// The error a URL with no fixture fails with: a load failure that
    /// names the URL and says how to add one.
    package static func noFixture(for url: URL) -> ImageRequest.Error {
        .loadingFailed(
            .transferFailed(
                url,
                reason: "FixtureLoader has no response for this URL; add one with "
                    + "respond(to:with:)"), attempts: 1)
    }
}
