import Foundation
import Vignette

/// A `DataLoading` whose every load finds no free file descriptor, as
/// libcurl's does when the process has none left (`EMFILE`): the server's
/// answer to it, without exhausting the test process's own descriptors
/// (which would kill it). Counts its loads.
final class ExhaustedLoader: DataLoading {
    private let count = Locked(0)

    /// The loads asked for so far.
    var loads: Int { count.withLock { $0 } }

    func load(_ request: DataRequest) async throws(ImageRequest.TransferError) -> LoadedData {
        count.withLock { $0 += 1 }
        throw .connectionFailed(request.url, cause: .outOfDescriptors)
    }
}
