import CCurl
import Foundation

/// Loads http and https URLs with libcurl: connection reuse, gzip/deflate,
/// TLS verification, redirects (at most `maxRedirects`, never leaving
/// http/https), request headers (`DataRequest.headers`, never logged), the
/// limits of `LoadingOptions` and its `addressPolicy`
/// (checked on every hop and on every address connected to). Transfers run on one
/// dedicated thread; cancelling the calling task aborts the transfer.
///
/// ```swift
/// let loader = CurlDataLoader(options: LoadingOptions(timeout: .seconds(5)))
/// let body = try await loader.load(URL(string: "https://example.com/p.png")!).data
/// ```
package struct CurlDataLoader: DataLoading {
    /// The limits applied to every load.
    package let options: LoadingOptions

    /// A loader with the given limits.
    /// Why libcurl (opened on the first transfer, not at process start)
    /// could not be opened, or nil once it is open.
    package static var libraryFailure: String? { VignetteCore.libraryFailure { vg_curl_library_failure($0, $1) } }

    package init(options: LoadingOptions = LoadingOptions()) {
        self.options = options
    }

    /// Fetches `request.url` with its headers (and validators). A redirect
    /// to another host, port or scheme drops `Authorization` and `Cookie`
    /// (libcurl's rule); one that would carry any other sensitive field
    /// is refused (`.refused(_, .credentialsToAnotherOrigin)`).
    package func load(_ request: DataRequest) async throws(ImageRequest.TransferError) -> LoadedData {
        let url = request.url
        guard let scheme = url.scheme?.lowercased() else { throw .invalidURL(url.absoluteString) }
        guard url.isNetworkURL else { throw .disallowedScheme(url, scheme: scheme) }
        if let refusal = options.addressPolicy.refusal(for: url) { throw .refused(url, reason: refusal) }
        guard let transfer = CurlTransfer(request: request, options: options), transfer.configure() else {
            let failure = Self.libraryFailure.map { "libcurl could not be loaded (\($0))" }
            throw .transferFailed(url, reason: failure ?? "libcurl could not set up the transfer")
        }
        let engine = CurlEngine.shared
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.attach(continuation)
                if Task.isCancelled {
                    transfer.resume(with: .failure(.cancelled(url)))
                } else {
                    engine.start(transfer)
                }
            }
        } onCancel: {
            engine.cancel(transfer)
        }
        return try result.get()
    }
}
