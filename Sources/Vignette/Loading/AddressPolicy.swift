import Foundation

/// Which sources a loader may reach: checked by `CurlDataLoader` on the
/// first URL, on every redirect hop, and on the address libcurl actually
/// connects to (a DNS answer can change between a check and the connect).
///
/// The library default is `.allowAll`, as curl itself behaves; a service
/// that fetches URLs named by its clients should use `.publicOnly` (what
/// `vignette serve` does) so a request cannot reach loopback, the private
/// network or a cloud metadata address.
///
/// ```swift
/// var options = LoadingOptions()
/// options.addressPolicy = .publicOnly
/// options.addressPolicy.allowedHosts = [HostPattern("cdn.example.com")!, HostPattern("127.0.0.1:9000")!]
/// let loader = CurlDataLoader(options: options)
/// ```
public struct AddressPolicy: Sendable, Hashable {
    /// Whether loopback, private, link-local, CGNAT and other non-public
    /// addresses may be connected to (`IPAddress.nonPublicKind`).
    public var allowsPrivateNetworks: Bool
    /// When not empty, the only hosts any hop may name. An entry that is an
    /// IP literal (`127.0.0.1:9000`) also admits that address (on that
    /// port) when private networks are refused: naming it is the consent.
    public var allowedHosts: [HostPattern]
    /// Whether a redirect may go from https to http.
    public var allowsHTTPSDowngrade: Bool

    /// A policy.
    public init(allowsPrivateNetworks: Bool, allowedHosts: [HostPattern] = [], allowsHTTPSDowngrade: Bool) {
        self.allowsPrivateNetworks = allowsPrivateNetworks
        self.allowedHosts = allowedHosts
        self.allowsHTTPSDowngrade = allowsHTTPSDowngrade
    }

    /// Everything curl would reach: the library default.
    public static let allowAll = AddressPolicy(allowsPrivateNetworks: true, allowsHTTPSDowngrade: true)
    /// Public addresses only, no https→http redirect: the server default.
    public static let publicOnly = AddressPolicy(allowsPrivateNetworks: false, allowsHTTPSDowngrade: false)

    /// True when nothing is ever refused (the loader then installs no hooks).
    package var isUnrestricted: Bool { allowsPrivateNetworks && allowedHosts.isEmpty && allowsHTTPSDowngrade }

    /// Why `url`'s host may not be fetched, or nil when it may.
    public func refusal(for url: URL) -> ImageRequest.TransferError.Refusal? {
        guard !allowedHosts.isEmpty else { return nil }
        guard let host = url.host?.lowercased() else { return .hostNotAllowed("(none)") }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return allowedHosts.contains { $0.matches(host: host, port: port) } ? nil : .hostNotAllowed("\(host):\(port)")
    }

    /// Why a redirect hop to `hop` from a transfer that began at `origin`
    /// is refused (an https → http downgrade, or a host off the list), or nil.
    package func refusal(forHop hop: URL, from origin: URL) -> ImageRequest.TransferError.Refusal? {
        if !allowsHTTPSDowngrade, origin.scheme?.lowercased() == "https", hop.scheme?.lowercased() != "https" {
            return .httpsDowngrade
        }
        return refusal(for: hop)
    }

    /// Why connecting to `address` on `port` is refused, or nil when allowed.
    package func refusal(connectingTo address: IPAddress, port: Int) -> ImageRequest.TransferError.Refusal? {
        guard !allowsPrivateNetworks, let kind = address.nonPublicKind else { return nil }
        if allowedHosts.contains(where: { $0.address == address && ($0.port == nil || $0.port == port) }) { return nil }
        return .privateAddress("\(address) port \(port) (\(kind))")
    }
}

/// An allow-list entry: `host`, `host:port`, `*.example.com` (any
/// subdomain), an IPv4 literal or a bracketed IPv6 literal (`[::1]:8080`).
///
/// ```swift
/// let cdn = HostPattern("*.cdn.example.com")!
/// cdn.matches(host: "img.cdn.example.com", port: 443)   // true
/// ```
public struct HostPattern: Sendable, Hashable, CustomStringConvertible {
    /// The host, lower-cased (`*.` prefix kept for a wildcard).
    package let host: String
    /// The port, or nil for any port.
    package let port: Int?
    /// The address when the host is an IP literal.
    package let address: IPAddress?

    /// Parses an entry; nil when it is not `host[:port]`.
    public init?(_ text: String) {
        var name = text.trimmingCharacters(in: .whitespaces).lowercased()
        var port: Int?
        if let colon = name.lastIndex(of: ":"), name.hasPrefix("[") ? name[..<colon].hasSuffix("]") : name.filter({ $0 == ":" }).count == 1 {
            guard let value = Int(name[name.index(after: colon)...]), (1...65535).contains(value) else { return nil }
            port = value
            name = String(name[..<colon])
        }
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        guard !name.isEmpty, !name.contains("/"), !name.contains("@"), !name.contains(" ") else { return nil }
        host = name
        self.port = port
        address = IPAddress(name)
    }

    /// Whether a URL's host and (effective) port match.
    package func matches(host candidate: String, port candidatePort: Int) -> Bool {
        if let port, port != candidatePort { return false }
        let bare = candidate.hasPrefix("[") ? String(candidate.dropFirst().dropLast()) : candidate
        if let address { return IPAddress(bare) == address }
        if host.hasPrefix("*.") { return bare.hasSuffix(host.dropFirst()) }
        return bare == host
    }

    /// The entry as written (normalised).
    public var description: String {
        let name = address.map { $0.isIPv4 ? host : "[\(host)]" } ?? host
        return port.map { "\(name):\($0)" } ?? name
    }
}
