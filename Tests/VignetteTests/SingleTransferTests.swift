import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// One request, one transfer of its source: a decode never fetches again
/// what the network just gave — not an SVG, whose size no header tells
/// ahead of its decode, nor bytes that fail to decode (a hostile SVG, a
/// truncated PNG, noise) — with reduced copies (as `vignette serve` runs)
/// and without.
@Suite(.timeLimit(.minutes(30))) struct SingleTransferTests {
    /// A small SVG that decodes.
    static let svg = Data(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">
          <rect width="40" height="30" fill="#3366CC"/><circle cx="20" cy="15" r="10" fill="#FFFFFF"/>
        </svg>
        """.utf8)

    /// Sources that fail to decode, by name: an SVG `use` bomb (refused by
    /// the coverage budget), an SVG cut off mid-tag, a PNG cut off after
    /// its header (its size is known, its pixels are not), and noise.
    static let undecodable: [String: Data] = [
        "bomb.svg": bomb, "cut.svg": Data(svg.prefix(120)), "cut.png": Data(Fixtures.iconPNG.prefix(60)),
        "noise.bin": Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
    ]

    /// Ten levels of ten `use`s of the level below: 10⁹ rectangles.
    static let bomb: Data = {
        let levels = (1..<10).map { level in
            "<g id=\"u\(level)\">" + String(repeating: "<use href=\"#u\(level - 1)\" x=\"0.1\"/>", count: 10) + "</g>"
        }
        return Data(
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">\
            <defs><rect id="u0" width="1" height="1"/>\(levels.joined())</defs><use href="#u9"/></svg>
            """.utf8)
    }()

    let loader = MockDataLoader()

    /// A pipeline over the mock loader, without retries.
    func pipeline(reducedCopies: Bool) -> ImagePipeline {
        ImagePipeline(loader: loader, configuration: .init(retry: .none, reducedCopies: reducedCopies))
    }

    /// What a surface of `side × side` pixels asks for: an aspect-fill decode no larger than it needs.
    static func request(_ url: URL, side: Int) -> ImageRequest {
        var request = ImageRequest(url: url)
        request.options.shrinkTarget = ShrinkTarget(
            size: PixelSize(width: side, height: side), contentMode: .aspectFill, cropsToVisible: true)
        return request
    }

    @Test(arguments: [true, false]) func anSVGThatDecodesIsFetchedOnce(reducedCopies: Bool) async throws {
        let url = URL(string: "https://origin.test/scene.svg")!
        loader.reply(url, .data(Self.svg, headers: ["Content-Type": "image/jpeg"]))
        let pipeline = pipeline(reducedCopies: reducedCopies)
        let first = try await pipeline.response(for: Self.request(url, side: 20))
        #expect(first.source == .network)
        #expect(loader.loadCount(url) == 1, "the first load of an SVG is one transfer")
        // Another size of the same source: the bytes are in memory.
        _ = try await pipeline.response(for: Self.request(url, side: 33))
        #expect(loader.loadCount(url) == 1)
    }

    @Test(arguments: [true, false]) func aSourceThatFailsToDecodeIsFetchedOncePerRequest(reducedCopies: Bool) async {
        let pipeline = pipeline(reducedCopies: reducedCopies)
        for (name, bytes) in Self.undecodable.sorted(by: { $0.key < $1.key }) {
            let url = URL(string: "https://origin.test/\(name)")!
            loader.reply(url, .data(bytes))
            for attempt in 1...2 {
                do {
                    let image = try await pipeline.image(for: Self.request(url, side: 20))
                    Issue.record("\(name) decoded as \(image.width)x\(image.height)")
                } catch {
                    guard case .decodingFailed = error else {
                        Issue.record("\(name): \(error)")
                        continue
                    }
                }
                // Bytes that are no image are not kept: each request fetches them, once.
                #expect(loader.loadCount(url) == attempt, "\(name), request \(attempt)")
            }
        }
    }

    @Test func aTransferErrorIsStillRetriedByThePolicy() async throws {
        let url = URL(string: "https://origin.test/flaky.svg")!
        loader.reply(url, .failure(.httpStatus(url, status: 503, retryAfter: nil)), .data(Self.svg))
        var configuration = ImagePipeline.Configuration(retry: RetryPolicy(maxRetries: 1), reducedCopies: true)
        configuration.sleep = { _ in }  // the backoff, not taken
        let pipeline = ImagePipeline(loader: loader, configuration: configuration)
        _ = try await pipeline.image(for: Self.request(url, side: 20))
        #expect(loader.loadCount(url) == 2)
    }
}
