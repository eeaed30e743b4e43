import Foundation

/// The loader the pipeline uses unless given another: http and https through
/// `CurlDataLoader`, `file:` and `data:` through `LocalDataLoader`, both
/// with the same limits.
public struct DefaultDataLoader: DataLoading {
    /// The network loader.
    package let network: CurlDataLoader
    /// The local loader.
    package let local: LocalDataLoader

    /// A loader with the given limits.
    public init(options: LoadingOptions = LoadingOptions()) {
        network = CurlDataLoader(options: options)
        local = LocalDataLoader(options: options)
    }

    /// Routes by scheme; headers and validators only matter for http(s).
    public func load(_ request: DataRequest) async throws(ImageRequest.TransferError) -> LoadedData {
        switch request.url.scheme?.lowercased() {
        case "http", "https": try await network.load(request)
        case "file", "data": try await local.load(request)
        case let scheme?: throw .disallowedScheme(request.url, scheme: scheme)
        case nil: throw .invalidURL(request.url.absoluteString)
        }
    }
}
