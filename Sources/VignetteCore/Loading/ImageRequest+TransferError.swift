import Foundation

extension ImageRequest {
    /// Why a URL could not be loaded. Every case names the URL.
    public enum TransferError: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The text is not a URL this loader understands.
        case invalidURL(String)
        /// The scheme is not allowed (only http and https go to the network;
        /// a redirect may never leave them).
        case disallowedScheme(URL, scheme: String)
        /// The server answered with a non-success status.
        case httpStatus(URL, status: Int, retryAfter: Duration?)
        /// A limit of `LoadingOptions` ran out: the connect timeout or the
        /// whole-load timeout.
        case timedOut(URL, limit: Timeout)
        /// The connection could not be made or broke (DNS, refused, reset,
        /// truncated body).
        case connectionFailed(URL, cause: ConnectionFailure)
        /// The body is larger than `maxResponseBytes`.
        case tooLarge(URL, limit: Int)
        /// More redirects than `maxRedirects`, or a redirect loop.
        case tooManyRedirects(URL, limit: Int)
        /// TLS could not be established or verified.
        case tlsFailure(URL, cause: TLSFailure)
        /// A `file:` URL could not be read: the system's error (`.ENOENT`,
        /// `.EACCES`, `.EISDIR` for a folder, …).
        case fileUnreadable(URL, cause: POSIXErrorCode)
        /// A `data:` URL is malformed (the reason is for people: whatever it
        /// says, the URL has to be fixed where it was made).
        case malformedDataURL(URL, reason: String)
        /// The load was cancelled.
        case cancelled(URL)
        /// The address policy (`LoadingOptions.addressPolicy`) refused a hop:
        /// its host, the address actually connected to, or a downgrade.
        case refused(URL, reason: Refusal)
        /// Any other transport failure, with libcurl's message (for people:
        /// nothing here is worth telling apart in code).
        case transferFailed(URL, reason: String)

        /// The URL concerned (or nil for text that was not a URL).
        public var url: URL? {
            switch self {
            case .invalidURL: nil
            case .disallowedScheme(let url, _), .httpStatus(let url, _, _), .timedOut(let url, _),
                .connectionFailed(let url, _), .tooLarge(let url, _), .tooManyRedirects(let url, _),
                .tlsFailure(let url, _), .fileUnreadable(let url, _), .malformedDataURL(let url, _),
                .cancelled(let url), .transferFailed(let url, _), .refused(let url, _):
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
            case .invalidURL: reason
            case .fileUnreadable(let url, let cause): "cannot read \(url.path): \(Self.message(cause))"
            case .malformedDataURL(let url, _): "\(reason): \(url.absoluteString.prefix(60))"
            default: "\(url?.absoluteString ?? "?"): \(reason)"
            }
        }

        /// What went wrong without naming the URL, for messages that name it
        /// already (`vignette render` prints `error: <input>: <reason>`).
        public var reason: String {
            switch self {
            case .invalidURL(let text): "not a valid URL: \(text)"
            case .disallowedScheme(_, let scheme): "the \(scheme): scheme is not allowed (only http and https)"
            case .httpStatus(_, let status, let retryAfter): "HTTP \(status)" + (retryAfter.map { " (retry after \($0))" } ?? "")
            case .timedOut(_, let limit): "timed out (\(limit))"
            case .connectionFailed(_, let cause): "connection failed: \(cause)"
            case .tooLarge(_, let limit): "response larger than the limit of \(limit) bytes"
            case .tooManyRedirects(_, let limit): "more than \(limit) redirects"
            case .tlsFailure(_, let cause): "TLS failed: \(cause)"
            case .fileUnreadable(_, let cause): "cannot read the file: \(Self.message(cause))"
            case .malformedDataURL(_, let reason): "malformed data: URL (\(reason))"
            case .cancelled: "cancelled"
            case .transferFailed(_, let reason): reason
            case .refused(_, let refusal): "refused by the address policy: \(refusal)"
            }
        }

        /// The system's text for an `errno`, with the short form people know
        /// for the common file cases.
        private static func message(_ code: POSIXErrorCode) -> String {
            switch code {
            case .ENOENT: "no such file or directory"
            case .EISDIR: "is a directory, not a file"
            case .EACCES: "permission denied"
            default: String(cString: strerror(code.rawValue))
            }
        }
    }
}

extension ImageRequest.TransferError {
    /// Why the address policy refused a source.
    public enum Refusal: Sendable, Hashable, CustomStringConvertible {
        /// The host (with its port) is not on the allow-list.
        case hostNotAllowed(String)
        /// The address connected to is private, loopback, link-local or
        /// otherwise not public; the text names the address and its kind.
        case privateAddress(String)
        /// A redirect from https to http.
        case httpsDowngrade
        /// A redirect to another origin (scheme, host or port) of a request
        /// carrying a sensitive header that the transport would forward
        /// (any but `Authorization` and `Cookie`, which it drops).
        case credentialsToAnotherOrigin

        /// "host evil.example:80 is not allowed", …
        public var description: String {
            switch self {
            case .hostNotAllowed(let host): "host \(host) is not on the allow-list"
            case .privateAddress(let address): "\(address) is not a public address"
            case .httpsDowngrade: "a redirect from https to http"
            case .credentialsToAnotherOrigin: "a redirect to another origin would carry a sensitive header"
            }
        }
    }

    /// Which limit of `LoadingOptions` ran out.
    public enum Timeout: Sendable, Hashable, CustomStringConvertible {
        /// `connectTimeout`: no connection within it (the host may be down
        /// or unreachable).
        case connect(Duration)
        /// `timeout`: the whole load (redirects and body included) took longer.
        case load(Duration)

        /// "connecting took over 10 seconds", "the load took over 30 seconds".
        public var description: String {
            switch self {
            case .connect(let limit): "connecting took over \(limit)"
            case .load(let limit): "the load took over \(limit)"
            }
        }
    }

    /// How a connection failed, from the transport's result code.
    public enum ConnectionFailure: Sendable, Hashable, CustomStringConvertible {
        /// The host name did not resolve.
        case hostNotFound
        /// The proxy's name did not resolve.
        case proxyNotFound
        /// No connection could be made (refused, or no route to the host).
        case couldNotConnect
        /// The connection broke while sending or receiving.
        case lost
        /// The server closed the connection without answering.
        case emptyReply
        /// The body ended before the length the server announced.
        case truncatedBody
        /// This process had no file descriptor left for the connection
        /// (`EMFILE` or `ENFILE`): it passes as others close, so it is
        /// worth retrying shortly; if it persists, raise the open-files
        /// limit (`RLIMIT_NOFILE`).
        case outOfDescriptors

        /// What happened, in a few words.
        public var description: String {
            switch self {
            case .hostNotFound: "host name not found"
            case .proxyNotFound: "proxy name not found"
            case .couldNotConnect: "could not connect"
            case .lost: "the connection broke"
            case .emptyReply: "the server sent nothing"
            case .truncatedBody: "received a partial file (the body ended before its announced length)"
            case .outOfDescriptors: "no file descriptor left for a connection (too many open files); retry shortly"
            }
        }
    }

    /// Why TLS failed: the server's side or this machine's.
    public enum TLSFailure: Sendable, Hashable, CustomStringConvertible {
        /// The server's certificate is not trusted or does not name the host.
        case untrustedCertificate
        /// The handshake failed (no common protocol or cipher, or it was cut off).
        case handshakeFailed
        /// This machine's TLS setup could not be loaded (the CA bundle or a
        /// client certificate): no server will work until it is fixed.
        case localConfiguration

        /// What failed, in a few words.
        public var description: String {
            switch self {
            case .untrustedCertificate: "the server's certificate is not trusted for this host"
            case .handshakeFailed: "the handshake failed"
            case .localConfiguration: "the local CA bundle or client certificate is unusable"
            }
        }
    }
}
