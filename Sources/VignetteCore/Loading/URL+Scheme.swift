import Foundation

extension URL {
    /// True for `http` and `https` URLs (any letter case): the ones that go
    /// to the network, and the only ones worth a disk cache.
    package var isNetworkURL: Bool {
        guard let scheme = scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }
}
