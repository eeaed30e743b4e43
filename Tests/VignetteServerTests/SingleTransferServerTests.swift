import Foundation
import Testing
import VignetteServer
import VignetteTestSupport

@testable import Vignette

/// A render asks the origin for its source once: an SVG on its first load
/// (reduced copies are on, and no header tells an SVG's size), and a source
/// that fails to decode on every request (a 502 each time, never cached).
@Suite(.timeLimit(.minutes(30))) struct SingleTransferServerTests {
    static let svg = URL(string: "http://127.0.0.1:9/scene.svg")!
    static let bomb = URL(string: "http://127.0.0.1:9/bomb.svg")!
    static let cut = URL(string: "http://127.0.0.1:9/cut.png")!

    let loader: FixtureLoader
    let service: RenderService

    init() throws {
        let uses = (1..<10).map { level in
            "<g id=\"u\(level)\">" + String(repeating: "<use href=\"#u\(level - 1)\" x=\"0.1\"/>", count: 10) + "</g>"
        }
        let bomb = """
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">\
            <defs><rect id="u0" width="1" height="1"/>\(uses.joined())</defs><use href="#u9"/></svg>
            """
        let scene = """
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#3366CC"/></svg>
            """
        loader = FixtureLoader([
            Self.svg: Data(scene.utf8), Self.bomb: Data(bomb.utf8), Self.cut: Data(Fixtures.iconPNG.prefix(60))
        ])
        service = try RenderService(configuration: .testing(), loader: loader)
    }

    /// `GET /render/thumb` of `source` at `width`×200 as PNG.
    func render(_ source: URL, width: Int) async -> RenderReply {
        let url = source.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return await service.render(
            target: "/render/thumb?url=\(url)&w=\(width)&h=200&format=png", preset: "thumb", accept: nil, ifNoneMatch: nil)
    }

    @Test func anSVGIsFetchedOnceForItsFirstRenderAndNotAgain() async {
        #expect(service.configuration.reducedCopies)
        let first = await render(Self.svg, width: 200)
        #expect(first.status == 200, "\(first.status) \(first.header("X-Vignette-Error") ?? "")")
        #expect(loader.loads(Self.svg) == 1)
        let second = await render(Self.svg, width: 120)
        #expect(second.status == 200)
        #expect(loader.loads(Self.svg) == 1)
    }

    @Test(arguments: [bomb, cut]) func aSourceThatFailsToDecodeIsFetchedOncePerRequest(_ source: URL) async {
        for request in 1...3 {
            let reply = await render(source, width: 200 + request)
            #expect(reply.status == 502, "\(reply.status) \(reply.header("X-Vignette-Error") ?? "")")
            #expect(loader.loads(source) == request, "request \(request)")
        }
    }
}
