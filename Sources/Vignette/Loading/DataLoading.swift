import Foundation

/// Fetches the bytes behind a URL. The image pipeline talks to this small
/// protocol only, so tests can pass a fake and servers their own transport.
///
/// ```swift
/// let loader = DefaultDataLoader()        // http(s) via libcurl, file:, data:
/// let response = try await loader.load(URL(string: "https://example.com/a.png")!)
/// ```
public protocol DataLoading: Sendable {
    /// The response body and metadata for `request`, or a typed error:
    /// the URL, the headers to send (`ImageRequest.headers`, credentials
    /// included) and, for a conditional load, the cached copy's validators
    /// to send as `If-None-Match` / `If-Modified-Since` (a server confirming
    /// the copy answers 304, which comes back as a `LoadedData` with
    /// `statusCode == 304` and no body). A loader that cannot send headers
    /// or validators ignores them. Cancelling the calling task aborts the
    /// transfer.
    func load(_ request: DataRequest) async throws(ImageRequest.TransferError) -> LoadedData
}

extension DataLoading {
    /// A full load of `url`, without headers or validators.
    public func load(_ url: URL) async throws(ImageRequest.TransferError) -> LoadedData {
        try await load(DataRequest(url: url))
    }
}

/// What a loader is asked to fetch: the URL, the headers to send with it
/// and the validators of a cached copy. Its description names the header
/// fields, never their values.
public struct DataRequest: Sendable, Hashable, CustomStringConvertible {
    /// The URL (http, https, file or data).
    public var url: URL
    /// Headers to send (http and https only).
    public var headers: RequestHeaders
    /// The cached copy's validators, for a conditional load (empty: a full load).
    public var validators: CacheValidators

    /// A request.
    public init(url: URL, headers: RequestHeaders = RequestHeaders(), validators: CacheValidators = CacheValidators()) {
        self.url = url
        self.headers = headers
        self.validators = validators
    }

    /// The URL and the header names.
    public var description: String { "DataRequest(\(url.absoluteString), headers: \(headers))" }
}

/// A fetched body with what the transport learnt about it.
public struct LoadedData: Sendable, Hashable {
    /// The body, decompressed if the server used gzip or deflate.
    public var data: Data
    /// The URL after redirects.
    public var url: URL
    /// The HTTP status (304 for a confirmed conditional load), or nil for
    /// `file:` and `data:` URLs.
    public var statusCode: Int?
    /// Response headers of the final response, names lower-cased.
    public var headers: [String: String]

    /// True when the server confirmed the cached copy (304 Not Modified).
    package var isNotModified: Bool { statusCode == 304 }

    /// Creates a response.
    public init(data: Data, url: URL, statusCode: Int? = nil, headers: [String: String] = [:]) {
        self.data = data
        self.url = url
        self.statusCode = statusCode
        self.headers = headers
    }
}
