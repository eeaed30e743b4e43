import Foundation

extension URL {
    /// True for `http:` and `https:` URLs (the scheme in any case): the URLs
    /// that go to the network, as opposed to `file:` and `data:`.
    package var isNetworkURL: Bool {
        guard let scheme = scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }
}
