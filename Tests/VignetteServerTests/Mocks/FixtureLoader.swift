import Foundation
import Vignette

/// A `DataLoading` that answers each URL with fixed bytes (404 for any
/// other) and counts the loads of each: how many times the service asked
/// the origin for a source, without a socket.
final class FixtureLoader: DataLoading {
    private let files: [URL: Data]
    private let counts = Locked([URL: Int]())

    /// A loader answering `files[url]` with 200.
    init(_ files: [URL: Data]) { self.files = files }

    /// The loads of `url` asked for so far.
    func loads(_ url: URL) -> Int { counts.withLock { $0[url] ?? 0 } }

    func load(_ request: DataRequest) async throws(ImageRequest.TransferError) -> LoadedData {
        counts.withLock { $0[request.url, default: 0] += 1 }
        guard let data = files[request.url] else { throw .httpStatus(request.url, status: 404, retryAfter: nil) }
        return LoadedData(data: data, url: request.url, statusCode: 200, headers: ["Content-Type": "image/jpeg"])
    }
}
