import Foundation

/// Fetches the bytes behind a URL. The image pipeline talks to this small
/// protocol only, so tests can pass a fake and servers their own transport.
///
/// ```swift
/// let loader = DefaultDataLoader()        // http(s) via libcurl, file:, data:
/// let response = try await loader.load(URL(string: "https://example.com/a.png")!)
/// ```
public protocol DataLoading: Sendable {
    /// The response body and metadata, or a typed error. Cancelling the
    /// calling task aborts the transfer.
    func load(_ url: URL) async throws(LoadingError) -> LoadedData

    /// A conditional load: sends `If-None-Match` / `If-Modified-Since` from
    /// `validators`; a server confirming the cached copy answers 304, which
    /// comes back as a `LoadedData` with `statusCode == 304` and no body.
    /// The default ignores the validators (always a full load).
    func load(_ url: URL, revalidating validators: CacheValidators) async throws(LoadingError) -> LoadedData

    /// The load the pipeline asks for: the URL, the request's headers
    /// (`ImageRequest.headers`, credentials included) and validators. The
    /// default sends no headers (`load(_:revalidating:)`): a loader that
    /// must send credentials implements this.
    func load(_ request: DataRequest) async throws(LoadingError) -> LoadedData
}

extension DataLoading {
    /// A full load: this loader cannot send validators.
    public func load(_ url: URL, revalidating validators: CacheValidators) async throws(LoadingError) -> LoadedData {
        try await load(url)
    }

    /// A load without the headers: this loader cannot send any.
    public func load(_ request: DataRequest) async throws(LoadingError) -> LoadedData {
        try await load(request.url, revalidating: request.validators)
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
