#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address as bytes, with the ranges that are not public
/// internet: what `AddressPolicy` refuses unless private networks are
/// allowed.
///
/// ```swift
/// IPAddress("169.254.169.254")?.nonPublicKind    // "link-local"
/// IPAddress("::ffff:10.0.0.1")?.nonPublicKind    // "private (RFC 1918)"
/// IPAddress("93.184.216.34")?.nonPublicKind      // nil: public
/// ```
package struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6, network order.
    package let bytes: [UInt8]

    /// An address from its 4 or 16 bytes.
    package init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Parses dotted IPv4 or IPv6 text (brackets allowed: `[::1]`).
    package init?(_ text: String) {
        let bare = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, bare, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    /// True for IPv4.
    package var isIPv4: Bool { bytes.count == 4 }

    /// The usual text form (`127.0.0.1`, `::1`).
    package var description: String {
        var buffer = [CChar](repeating: 0, count: 64)
        let family = isIPv4 ? AF_INET : AF_INET6
        return bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) == nil
                ? "?" : String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// Why the address is not public internet (loopback, private,
    /// link-local, CGNAT, `0.0.0.0/8`, multicast, reserved, and the IPv6
    /// forms that embed such an IPv4 address), or nil when it is public.
    package var nonPublicKind: String? {
        isIPv4 ? Self.kind(ipv4: bytes) : Self.kind(ipv6: bytes)
    }

    private static func kind(ipv4 b: [UInt8]) -> String? {
        switch (b[0], b[1]) {
        case (0, _): "\"this network\" (0.0.0.0/8)"
        case (10, _), (172, 16...31), (192, 168): "private (RFC 1918)"
        case (100, 64...127): "shared address space (CGNAT, 100.64.0.0/10)"
        case (127, _): "loopback"
        case (169, 254): "link-local"
        case (192, 0) where b[2] == 0: "IETF protocol assignments (192.0.0.0/24)"
        case (198, 18...19): "benchmarking (198.18.0.0/15)"
        case (224...239, _): "multicast"
        case (240...255, _): "reserved (240.0.0.0/4, broadcast)"
        default: nil
        }
    }

    private static func kind(ipv6 b: [UInt8]) -> String? {
        let embedded = Array(b[12..<16])
        if b[0..<15].allSatisfy({ $0 == 0 }) { return b[15] == 1 ? "loopback" : "unspecified" }
        // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address.
        if b[0..<10].allSatisfy({ $0 == 0 }) && ((b[10] == 0xFF && b[11] == 0xFF) || (b[10] == 0 && b[11] == 0)) {
            return kind(ipv4: embedded).map { "IPv4-embedding IPv6, \($0)" }
        }
        if b[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] {
            return kind(ipv4: embedded).map { "NAT64 IPv6, \($0)" }
        }
        if b[0] == 0x20 && b[1] == 0x02 {  // 6to4: 2002:a.b.c.d::/48
            return kind(ipv4: Array(b[2..<6])).map { "6to4 IPv6, \($0)" }
        }
        switch (b[0], b[1] & 0xC0) {
        case (0xFC...0xFD, _): return "unique local (fc00::/7)"
        case (0xFE, 0x80): return "link-local (fe80::/10)"
        case (0xFE, 0xC0): return "site-local (fec0::/10)"
        case (0xFF, _): return "multicast"
        default: return nil
        }
    }
}
