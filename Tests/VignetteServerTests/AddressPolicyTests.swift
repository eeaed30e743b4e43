import Foundation
import Testing
import Vignette

/// The address classification and allow-list matching behind the SSRF policy.
@Suite struct AddressPolicyTests {
    @Test(arguments: [
        ("127.0.0.1", "loopback"), ("127.255.0.9", "loopback"), ("10.1.2.3", "private (RFC 1918)"),
        ("172.16.0.1", "private (RFC 1918)"), ("172.31.255.255", "private (RFC 1918)"), ("192.168.1.1", "private (RFC 1918)"),
        ("169.254.169.254", "link-local"), ("100.64.0.1", "shared address space (CGNAT, 100.64.0.0/10)"),
        ("0.0.0.0", "\"this network\" (0.0.0.0/8)"), ("224.0.0.1", "multicast"), ("255.255.255.255", "reserved (240.0.0.0/4, broadcast)"),
        ("::1", "loopback"), ("::", "unspecified"), ("fc00::1", "unique local (fc00::/7)"), ("fd12::1", "unique local (fc00::/7)"),
        ("fe80::1", "link-local (fe80::/10)"), ("ff02::1", "multicast"),
        ("::ffff:127.0.0.1", "IPv4-embedding IPv6, loopback"), ("::ffff:169.254.169.254", "IPv4-embedding IPv6, link-local"),
        ("64:ff9b::10.0.0.1", "NAT64 IPv6, private (RFC 1918)"), ("2002:a00:1::", "6to4 IPv6, private (RFC 1918)")
    ])
    func nonPublicAddressesAreNamed(text: String, kind: String) throws {
        #expect(try #require(IPAddress(text)).nonPublicKind == kind)
    }

    @Test(arguments: ["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:2800:220:1::1", "::ffff:8.8.8.8", "2002:808:808::"])
    func publicAddressesPass(text: String) throws {
        #expect(try #require(IPAddress(text)).nonPublicKind == nil)
    }

    @Test func hostPatternsMatchHostAndPort() throws {
        let exact = try #require(HostPattern("CDN.example.com"))
        #expect(exact.matches(host: "cdn.example.com", port: 443) && exact.matches(host: "cdn.example.com", port: 80))
        #expect(!exact.matches(host: "evil-cdn.example.com", port: 443))
        let ported = try #require(HostPattern("127.0.0.1:9000"))
        #expect(ported.matches(host: "127.0.0.1", port: 9000) && !ported.matches(host: "127.0.0.1", port: 9001))
        let wildcard = try #require(HostPattern("*.example.com"))
        #expect(wildcard.matches(host: "a.b.example.com", port: 1) && !wildcard.matches(host: "example.com", port: 1))
        #expect(!wildcard.matches(host: "badexample.com", port: 1))
        let v6 = try #require(HostPattern("[::1]:8080"))
        #expect(v6.matches(host: "[::1]", port: 8080) && v6.address == IPAddress("::1"))
        #expect(HostPattern("a.com:http") == nil && HostPattern("a.com:0") == nil && HostPattern("user@a.com") == nil)
    }

    @Test func aLiteralAllowListEntryAdmitsItsPrivateAddressOnItsPortOnly() throws {
        var policy = AddressPolicy.publicOnly
        policy.allowedHosts = [try #require(HostPattern("127.0.0.1:9000")), try #require(HostPattern("localhost:9001"))]
        let loopback = try #require(IPAddress("127.0.0.1"))
        #expect(policy.refusal(connectingTo: loopback, port: 9000) == nil)
        #expect(policy.refusal(connectingTo: loopback, port: 9001) == .privateAddress("127.0.0.1 port 9001 (loopback)"))
        #expect(policy.refusal(for: URL(string: "http://localhost:9001/a")!) == nil)
        #expect(policy.refusal(for: URL(string: "http://127.0.0.1:9002/a")!) == .hostNotAllowed("127.0.0.1:9002"))
        #expect(AddressPolicy.allowAll.refusal(connectingTo: loopback, port: 1) == nil)
    }

    @Test func theLibraryDefaultAllowsEverything() {
        #expect(LoadingOptions().addressPolicy == .allowAll)
        #expect(AddressPolicy.allowAll.isUnrestricted && !AddressPolicy.publicOnly.isUnrestricted)
    }

    /// The hop check the curl loader's pre-request hook runs on every
    /// redirect. No TLS origin exists on loopback, so the downgrade decision
    /// is tested here; hosts and addresses are also tested against real loopback origins.
    @Test func anHTTPSTransferIsNeverRedirectedToPlainHTTP() throws {
        let origin = try #require(URL(string: "https://cdn.example.com/a.jpg"))
        let publicOnly = AddressPolicy.publicOnly
        #expect(
            publicOnly.refusal(forHop: try #require(URL(string: "http://cdn.example.com/a.jpg")), from: origin)
                == .httpsDowngrade)
        #expect(
            publicOnly.refusal(forHop: try #require(URL(string: "HTTP://cdn.example.com/a.jpg")), from: origin)
                == .httpsDowngrade)
        #expect(
            publicOnly.refusal(forHop: try #require(URL(string: "https://other.example.com/a.jpg")), from: origin)
                == nil)
        let plain = try #require(URL(string: "http://cdn.example.com/a.jpg"))
        #expect(publicOnly.refusal(forHop: try #require(URL(string: "http://b.example.com/")), from: plain) == nil)
        #expect(AddressPolicy.allowAll.refusal(forHop: plain, from: origin) == nil)
        let listed = AddressPolicy(
            allowsPrivateNetworks: false, allowedHosts: [try #require(HostPattern("cdn.example.com"))],
            allowsHTTPSDowngrade: false)
        #expect(
            listed.refusal(forHop: try #require(URL(string: "https://evil.example.net/")), from: origin)
                == .hostNotAllowed("evil.example.net:443"))
    }
}
