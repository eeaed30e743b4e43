import Foundation
import Testing
import VignetteSnapshotReview

/// The review page's server on 127.0.0.1: what it serves, what it refuses,
/// and the accept/reject round trip the page makes.
@Suite struct ReviewServerTests {
    /// A server on an ephemeral port over a fresh run folder, serving on its own thread.
    struct Running {
        let folder: RunFolder
        let server: ReviewServer
        let serving: Task<Void, Never>

        init(environment: [String: String] = [:]) throws {
            folder = try RunFolder()
            server = try ReviewServer(session: ReviewSession(review: try folder.review(environment)))
            serving = LoopbackClient.serve(server)
        }

        func end() async {
            server.stop()
            await serving.value
            folder.remove()
        }
    }

    @Test func servesThePageTheListingAndTheImagesOfTheReviewOnly() async throws {
        let running = try Running()
        let server = running.server
        #expect(server.url.hasPrefix("http://127.0.0.1:") && server.port != 0)
        let page = await LoopbackClient.request(server, "GET", "/")
        #expect(page.status == 200 && page.text.contains("<meta name=\"review-token\" content=\"\(server.token)\">"))
        #expect(!page.text.contains("http://") && !page.text.contains("https://"), "the page loads nothing from elsewhere")
        let listing = await LoopbackClient.request(server, "GET", "/api/run")
        let json = try JSONSerialization.jsonObject(with: listing.body) as? [String: Any]
        let items = json?["items"] as? [[String: Any]] ?? []
        #expect(items.map { $0["path"] as? String } == ["Suite/changed.1.png", "Suite/new.1.png", "Suite/recorded.1.png", "Old/gone.1.png"])
        let actual = await LoopbackClient.request(server, "GET", "/image/actual?path=Suite%2Fchanged.1.png")
        #expect(actual.status == 200 && actual.body == RunFolder.png("actual Suite/changed.1.png"))
        for target in [
            "/image/actual?path=Suite/passed.1.png", "/image/reference?path=../../etc/passwd.png", "/image/secret?path=Suite/changed.1.png", "/nowhere"
        ] {
            #expect(await LoopbackClient.request(server, "GET", target).status == 404, "\(target)")
        }
        await running.end()
    }

    @Test func refusesOtherHostsWritesWithoutTheTokenAndGarbage() async throws {
        let running = try Running()
        let server = running.server
        #expect(await LoopbackClient.request(server, "GET", "/", host: "evil.example:\(server.port)").status == 421)
        #expect(await LoopbackClient.request(server, "POST", "/api/accept?path=Suite/changed.1.png").status == 403)
        #expect(await LoopbackClient.request(server, "POST", "/api/accept?path=Suite/changed.1.png", token: "guess").status == 403)
        #expect(await LoopbackClient.request(server, "DELETE", "/").status == 405)
        #expect(await LoopbackClient.send(port: server.port, "NONSENSE\r\n\r\n").status == 400)
        #expect(await LoopbackClient.send(port: server.port, String(repeating: "x", count: 16_384)).status == 400)
        #expect(running.folder.reference("Suite/changed.1.png") == RunFolder.png("reference Suite/changed.1.png"))
        await running.end()
    }

    @Test func acceptRejectAndAcceptAllChangeTheFilesAndTheListing() async throws {
        let running = try Running()
        let (server, folder) = (running.server, running.folder)
        let rejected = await LoopbackClient.request(server, "POST", "/api/reject?path=Suite/changed.1.png", token: server.token)
        #expect(rejected.status == 200 && rejected.text.contains("\"decision\":\"rejected\""))
        #expect(folder.reference("Suite/changed.1.png") == RunFolder.png("reference Suite/changed.1.png"))
        let accepted = await LoopbackClient.request(server, "POST", "/api/accept?path=Suite%2Fchanged.1.png", token: server.token)
        #expect(accepted.status == 200 && accepted.text.contains("\"effect\":\"accepted\""))
        #expect(folder.reference("Suite/changed.1.png") == RunFolder.png("actual Suite/changed.1.png"))
        let served = await LoopbackClient.request(server, "GET", "/image/reference?path=Suite/changed.1.png")
        #expect(served.body == RunFolder.png("actual Suite/changed.1.png"), "the page shows the accepted reference")
        let all = await LoopbackClient.request(server, "POST", "/api/accept-all", token: server.token)
        #expect(all.status == 200 && folder.reference("Suite/new.1.png") == RunFolder.png("actual Suite/new.1.png"))
        #expect(folder.reference("Old/gone.1.png") != nil, "accept all never deletes")
        #expect(server.session.decision("Suite/recorded.1.png") == "accepted")
        let unknown = await LoopbackClient.request(server, "POST", "/api/accept?path=Suite/passed.1.png", token: server.token)
        #expect(unknown.status == 409 && unknown.text.contains("not a failed, new or obsolete snapshot"))
        await running.end()
    }

    @Test func underCIEveryWriteIsRefused() async throws {
        let running = try Running(environment: ["CI": "true"])
        let server = running.server
        let refused = await LoopbackClient.request(server, "POST", "/api/accept?path=Suite/changed.1.png", token: server.token)
        #expect(refused.status == 409 && refused.text.contains("CI=true"))
        #expect(running.folder.reference("Suite/changed.1.png") == RunFolder.png("reference Suite/changed.1.png"))
        await running.end()
    }

    @Test func quitEndsServe() async throws {
        let folder = try RunFolder()
        defer { folder.remove() }
        let server = try ReviewServer(session: ReviewSession(review: try folder.review()))
        let serving = LoopbackClient.serve(server)
        #expect(await LoopbackClient.request(server, "POST", "/api/quit", token: server.token).status == 200)
        await serving.value
    }
}
