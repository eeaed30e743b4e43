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
}

/// A fetched body with what the transport learnt about it.
public struct LoadedData: Sendable, Hashable {
    /// The body, decompressed if the server used gzip or deflate.
    public var data: Data
    /// The URL after redirects.
    public var url: URL
    /// The HTTP status, or nil for `file:` and `data:` URLs.
    public var statusCode: Int?
    /// Response headers of the final response, names lower-cased.
    public var headers: [String: String]

    /// Creates a response.
    public init(data: Data, url: URL, statusCode: Int? = nil, headers: [String: String] = [:]) {
        self.data = data
        self.url = url
        self.statusCode = statusCode
        self.headers = headers
    }
}
