import Foundation
import Vignette

/// A `DataLoading` whose every load fails as `failure` says for its URL —
/// the loader's report of a timeout, say: the server's answer to that
/// report, without a socket or a clock. Counts its loads.
final class FailingLoader: DataLoading {
    private let failure: @Sendable (URL) -> ImageRequest.TransferError
    private let count = Locked(0)

    /// A loader failing every load with `failure(url)`.
    init(_ failure: @escaping @Sendable (URL) -> ImageRequest.TransferError) { self.failure = failure }

    /// The loads asked for so far.
    var loads: Int { count.withLock { $0 } }

    func load(_ request: DataRequest) async throws(ImageRequest.TransferError) -> LoadedData {
        count.withLock { $0 += 1 }
        throw failure(request.url)
    }
}
