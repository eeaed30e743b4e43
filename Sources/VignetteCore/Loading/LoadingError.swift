import Foundation

/// Why a URL could not be loaded. Every case names the URL.
public enum LoadingError: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a URL this loader understands.
    case invalidURL(String)
    /// The scheme is not allowed (only http and https go to the network;
    /// a redirect may never leave them).
    case disallowedScheme(URL, scheme: String)
    /// The server answered with a non-success status.
    case httpStatus(URL, status: Int, retryAfter: Duration?)
    /// No answer within the connect or whole-load timeout.
    case timedOut(URL, reason: String)
    /// The connection failed or broke (DNS, refused, reset, truncated body).
    case connectionFailed(URL, reason: String)
    /// The body is larger than `maxResponseBytes`.
    case tooLarge(URL, limit: Int)
    /// More redirects than `maxRedirects`, or a redirect loop.
    case tooManyRedirects(URL, limit: Int)
    /// TLS could not be established or verified.
    case tlsFailure(URL, reason: String)
    /// A `file:` URL could not be read.
    case fileUnreadable(URL, reason: String)
    /// A `data:` URL is malformed.
    case malformedDataURL(URL, reason: String)
    /// The load was cancelled.
    case cancelled(URL)
    /// Any other transport failure, with libcurl's message.
    case transferFailed(URL, reason: String)

    /// The URL concerned (or nil for text that was not a URL).
    public var url: URL? {
        switch self {
        case .invalidURL: nil
        case .disallowedScheme(let url, _), .httpStatus(let url, _, _), .timedOut(let url, _),
             .connectionFailed(let url, _), .tooLarge(let url, _), .tooManyRedirects(let url, _),
             .tlsFailure(let url, _), .fileUnreadable(let url, _), .malformedDataURL(let url, _),
             .cancelled(let url), .transferFailed(let url, _):
            url
        }
    }

    /// Worth retrying: timeouts, broken connections, 408, 429 and 5xx.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .connectionFailed: true
        case .httpStatus(_, let status, _): status == 408 || status == 429 || (500...599).contains(status)
        default: false
        }
    }

    /// What went wrong, with the URL and the detail a user can act on.
    public var description: String {
        switch self {
        case .invalidURL(let text): "not a valid URL: \(text)"
        case .disallowedScheme(let url, let scheme): "\(url.absoluteString): the \(scheme): scheme is not allowed (only http and https)"
        case .httpStatus(let url, let status, let retryAfter):
            "\(url.absoluteString): HTTP \(status)" + (retryAfter.map { " (retry after \($0))" } ?? "")
        case .timedOut(let url, let reason): "\(url.absoluteString): timed out (\(reason))"
        case .connectionFailed(let url, let reason): "\(url.absoluteString): connection failed: \(reason)"
        case .tooLarge(let url, let limit): "\(url.absoluteString): response larger than the limit of \(limit) bytes"
        case .tooManyRedirects(let url, let limit): "\(url.absoluteString): more than \(limit) redirects"
        case .tlsFailure(let url, let reason): "\(url.absoluteString): TLS failed: \(reason)"
        case .fileUnreadable(let url, let reason): "cannot read \(url.path): \(reason)"
        case .malformedDataURL(let url, let reason): "malformed data: URL (\(reason)): \(url.absoluteString.prefix(60))"
        case .cancelled(let url): "\(url.absoluteString): cancelled"
        case .transferFailed(let url, let reason): "\(url.absoluteString): \(reason)"
        }
    }
}
