import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `ImagePipeline.Configuration.reducedCopies`: a request with a shrink
/// target is served from a reduced copy of the whole source, chosen from
/// sizes alone, so the same render gives the same bytes whatever the cache
/// holds; copies are memory hits afterwards; off, nothing changes.
struct ReducedCopiesTests {
    static let url = URL(string: "https://cdn.example/photo.jpg")!
    let loader = MockDataLoader()

    init() throws {
        loader.reply(Self.url, .data(try JPEGCodec.encode(try TestImages.photo(), options: .init(quality: 90))))
    }

    func pipeline(reducedCopies: Bool = true) -> ImagePipeline {
        ImagePipeline(loader: loader, configuration: .init(retry: .none, reducedCopies: reducedCopies))
    }

    /// The request a surface of `width × height` pixels makes for an aspect-fill render.
    func request(_ width: Int, _ height: Int) -> ImageRequest {
        var request = ImageRequest(url: Self.url)
        request.options.shrinkTarget = ShrinkTarget(
            size: PixelSize(width: width, height: height), contentMode: .aspectFill, cropsToVisible: true)
        return request
    }

    @Test func aTargetGetsTheWholeImageReducedByItsFactorThenAMemoryHit() async throws {
        let pipeline = pipeline()
        let first = try await pipeline.response(for: request(100, 100))
        #expect(first.image.width == 192 && first.image.height == 128 && first.image.scale == 0.25)
        #expect(first.source == .network)
        // Another size with the same factor reads the same copy, from memory, without a load.
        let second = try await pipeline.response(for: request(120, 90))
        #expect(second.source == .memory && second.image == first.image)
        #expect(pipeline.cachedImage(for: request(150, 100))?.width == 192)
        let large = try await pipeline.response(for: request(600, 400))
        #expect(large.image.width == 768 && large.image.scale == 1)
        #expect(loader.loadCount(Self.url) == 1)
    }

    @Test func theCopyDependsOnSizesNotOnWhatTheCacheHolds() async throws {
        let warm = pipeline()
        _ = try await warm.image(for: ImageRequest(url: Self.url))  // a full-size decode in memory first
        _ = try await warm.image(for: request(600, 400))
        let cold = pipeline()
        for (width, height) in [(100, 100), (300, 200), (97, 64), (640, 446)] {
            let fromWarm = try await warm.image(for: request(width, height))
            let fromCold = try await cold.image(for: request(width, height))
            #expect(fromWarm == fromCold, "\(width)x\(height)")
            let surfaces = try [warm, cold].map { _ in try ImageSurface(size: Size(width: Double(width), height: Double(height))) }
            for (surface, pipeline) in zip(surfaces, [warm, cold]) {
                _ = await surface.load(ImageDescriptor(Self.url, contentMode: .aspectFill), using: pipeline)
            }
            #expect(surfaces[0].render() == surfaces[1].render(), "\(width)x\(height)")
        }
    }

    @Test func offTheRequestKeepsItsCroppedShrinkOnLoadDecode() async throws {
        let image = try await pipeline(reducedCopies: false).image(for: request(100, 100))
        #expect(image.height == 128 && image.width < 192)  // only the columns aspectFill shows
    }

    @Test func aSourceThatDoesNotShrinkIsServedAtFullSize() async throws {
        let png = URL(string: "https://cdn.example/icon.png")!
        loader.reply(png, .data(Fixtures.iconPNG))
        let pipeline = pipeline()
        var request = ImageRequest(url: png)
        request.options.shrinkTarget = ShrinkTarget(size: PixelSize(width: 4, height: 4), contentMode: .aspectFill)
        #expect(try await pipeline.image(for: request).width == 32)
        let again = try await pipeline.response(for: request)
        #expect(again.source == .memory && again.image.width == 32)
        #expect(loader.loadCount(png) == 1)
    }

    @Test func droppingARequestFromTheCacheDropsTheCopiesItsRendersRead() async throws {
        let pipeline = pipeline()
        _ = try await pipeline.response(for: request(100, 100))  // the 1/4 copy
        _ = try await pipeline.response(for: request(300, 200))  // the 1/2 copy
        _ = try await pipeline.response(for: request(600, 400))  // the full-size decode
        #expect(pipeline.cache.count == 3 && pipeline.cachedImage(for: request(120, 90)) != nil)
        pipeline.cache[request(100, 100)] = nil
        #expect(pipeline.cache.count == 0 && pipeline.copyFacts.count == 0)
        #expect(pipeline.cachedImage(for: request(120, 90)) == nil)
        // Decoded again (from the original bytes the fetch stage keeps), and cached again.
        #expect(try await pipeline.image(for: request(120, 90)).width == 192)
        #expect(pipeline.cache.count == 1 && pipeline.copyFacts.count == 1)
        pipeline.cache.removeAll()
        #expect(pipeline.cache.count == 0 && pipeline.copyFacts.count == 0)
    }
}
