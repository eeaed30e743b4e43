import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// Signatures and the source policy, through the router in process; the
/// sources are real loopback origins (`LoopbackServer`). The private-address
/// policy runs with one origin explicitly allowed and a second that must
/// never see a request, directly, by name or through a redirect.
@Suite(.timeLimit(.minutes(30))) struct SecurityTests {
    @Test func signedPathsAreAcceptedAndEverythingElseIs403() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let configuration = ServerConfiguration.testing { $0.signingKey = "s3cret" }
        try await TestServer.with(configuration) { server in
            let path = TestServer.renderPath("thumb", source: origin.address("/photo.jpg"), w: 20, h: 20)
            let signed = RequestSigner(key: "s3cret").sign(path)
            #expect(try await server.get(signed).status == 200)

            let unsigned = try await server.get(path)
            #expect(unsigned.status == 403 && unsigned.text.contains("missing signature"))
            let otherKey = try await server.get(RequestSigner(key: "guess").sign(path))
            #expect(otherKey.status == 403 && otherKey.text.contains("invalid signature"))
            let resized = try await server.get(signed.replacingOccurrences(of: "w=20", with: "w=2000"))
            #expect(resized.status == 403)
            let appended = try await server.get(signed + "&format=png")
            #expect(appended.status == 403 && appended.text.contains("must be the last"))
            let garbage = try await server.get(path + "&sig=%%%")
            #expect(garbage.status == 403)
        }
    }

    @Test func signaturesAreBase64URLWithoutPaddingOverThePathAndQuery() throws {
        let signer = RequestSigner(key: "key")
        let signed = signer.sign("/render/a?url=x&w=1&h=1")
        let sig = String(signed[signed.range(of: "&sig=")!.upperBound...])
        #expect(sig.count == 43)  // 32 bytes, unpadded
        #expect(sig.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(sig == signer.signature(of: "/render/a?url=x&w=1&h=1"))
        #expect(throws: Never.self) { try signer.verify(signed) }
        #expect(throws: RequestSigner.Error.mismatch) { try signer.verify(signed.replacingOccurrences(of: "w=1", with: "w=2")) }
    }

    @Test func privateAddressesAreNeverReachedExceptTheAllowedOrigin() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let forbidden = try LoopbackServer(png: Fixtures.iconPNG)
        defer { forbidden.stop() }
        let forbiddenURL = "http://127.0.0.1:\(forbidden.port)/ok.png"
        let configuration = ServerConfiguration.testing {
            $0.allowPrivateNetworks = false
            // The origin by address; the forbidden port by name only: its
            // connect must be refused on the address libcurl resolves.
            $0.allowHosts = [HostPattern("127.0.0.1:\(origin.port)")!, HostPattern("localhost:\(forbidden.port)")!]
        }
        try await TestServer.with(configuration) { server in
            #expect(try await server.render("thumb", source: origin.address("/photo.jpg"), w: 10, h: 10).status == 200)
            let sources = [
                forbiddenURL,
                "http://localhost:\(forbidden.port)/ok.png",
                origin.address("/redirect?to=" + forbiddenURL.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!),
                origin.address("/redirect?to=http%3A%2F%2Flocalhost%3A\(forbidden.port)%2Fok.png"),
                "http://[::1]:\(forbidden.port)/ok.png",
                "http://169.254.169.254/latest/meta-data/"
            ]
            for source in sources {
                let reply = try await server.render("thumb", source: source, w: 10, h: 10)
                #expect(reply.status == 403, "\(source): \(reply.status) \(reply.text)")
                #expect(reply.text.contains("refused"), "\(source): \(reply.text)")
            }
        }
        #expect(forbidden.requestOrder.isEmpty, "the forbidden origin was reached: \(forbidden.requestOrder)")
    }

    @Test func theServerDefaultRefusesLoopbackSources() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing { $0.allowPrivateNetworks = false }) { server in
            let reply = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 10, h: 10)
            #expect(reply.status == 403)
            #expect(reply.text.contains("127.0.0.1 port \(origin.port) (loopback) is not a public address"), "\(reply.text)")
        }
        #expect(origin.requests(to: "/photo.jpg") == 0)
    }

    @Test func anAllowListRefusesOtherHostsOnEveryHop() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let other = try LoopbackServer(png: Fixtures.iconPNG)
        defer { other.stop() }
        let configuration = ServerConfiguration.testing { $0.allowHosts = [HostPattern("127.0.0.1:\(origin.port)")!] }
        try await TestServer.with(configuration) { server in
            let direct = try await server.render("thumb", source: other.address("/photo.jpg"), w: 10, h: 10)
            #expect(direct.status == 403 && direct.text.contains("not on the allow-list"))
            let hop = origin.address("/redirect?to=" + other.address("/photo.jpg").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            let redirected = try await server.render("thumb", source: hop, w: 10, h: 10)
            #expect(redirected.status == 403, "\(redirected.text)")
            let local = origin.address("/redirect?to=%2Fphoto.jpg")
            #expect(try await server.render("thumb", source: local, w: 10, h: 10).status == 200)
        }
        #expect(other.requests(to: "/photo.jpg") == 0)
    }
}
