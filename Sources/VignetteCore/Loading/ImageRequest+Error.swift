import Foundation

extension ImageRequest {
    /// Why an image could not be delivered: the one error type of the loading
    /// boundary (`ImageLoading`), so a surface's `LoadState.failed` and a
    /// future's phase say exactly what went wrong. Each case carries the URL;
    /// the loading case carries the HTTP status or transport cause.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The bytes could not be fetched (after any retries).
        case loadingFailed(ImageRequest.TransferError, attempts: Int)
        /// The bytes are not a decodable image (sniffed from the bytes, not
        /// the Content-Type), or break a decode limit.
        case decodingFailed(URL, ImageDecoders.Error)
        /// Every waiter gave up.
        case cancelled(URL)
        /// `CachePolicy.cacheOnly` and neither cache holds the image.
        case notCached(URL)
        /// The server answered 304 Not Modified to a request that sent no
        /// validators, or the cached copy vanished meanwhile.
        case notModifiedWithoutCachedCopy(URL)

        /// The URL concerned.
        public var url: URL? {
            switch self {
            case .loadingFailed(let error, _): error.url
            case .decodingFailed(let url, _), .cancelled(let url), .notCached(let url),
                .notModifiedWithoutCachedCopy(let url):
                url
            }
        }

        /// The HTTP status when the server answered with an error.
        public var statusCode: Int? {
            if case .loadingFailed(.httpStatus(_, let status, _), _) = self { return status }
            return nil
        }

        /// What failed, with the URL and the cause.
        public var description: String {
            if case .loadingFailed(let error, let attempts) = self {
                return attempts > 1 ? "\(error) (after \(attempts) attempts)" : "\(error)"
            }
            return "\(url?.absoluteString ?? "?"): \(reason)"
        }

        /// What failed without naming the URL, for messages that name it already.
        public var reason: String {
            switch self {
            case .loadingFailed(let error, let attempts):
                attempts > 1 ? "\(error.reason) (after \(attempts) attempts)" : error.reason
            case .decodingFailed(_, let error): "\(error)"
            case .cancelled: "cancelled"
            case .notCached: "not in the cache (offline: the network is not used)"
            case .notModifiedWithoutCachedCopy: "304 Not Modified, but no cached copy to reuse"
            }
        }
    }
}
