import Foundation
import Testing
import Vignette

/// `pipeline.cache`: the memory cache of decoded images, by request.
@Suite struct PipelineCacheTests {
    let url = URL(string: "https://example.com/cached.png")!

    @Test func aSeededImageIsServedWithoutLoading() async throws {
        let pipeline = ImagePipeline(loader: MockDataLoader(), configuration: .init(retry: .none))
        let request = ImageRequest(url: url)
        let image = Bitmap(width: 3, height: 2, fill: .black)
        #expect(pipeline.cache[request] == nil && !pipeline.cache.containsImage(for: request))
        pipeline.cache[request] = image
        #expect(pipeline.cache[request] == image && pipeline.cache.containsImage(for: request))
        #expect(pipeline.cachedImage(for: request) == image)
        #expect(try await pipeline.image(for: request) == image)
        #expect(pipeline.cache.count == 1 && pipeline.cache.totalCost == 3 * 2 * 4)
        #expect(pipeline.cache[ImageRequest(url: url, scale: 2)] == nil)
    }

    @Test func settingNilOrRemovingAllEmptiesIt() {
        let pipeline = ImagePipeline(loader: MockDataLoader(), configuration: .init(retry: .none))
        let one = ImageRequest(url: url)
        let two = ImageRequest(url: url, scale: 2)
        pipeline.cache[one] = Bitmap(width: 1, height: 1)
        pipeline.cache[two] = Bitmap(width: 2, height: 2, scale: 2)
        pipeline.cache[one] = nil
        #expect(pipeline.cache[one] == nil && pipeline.cache[two] != nil)
        pipeline.cache.removeAll()
        #expect(pipeline.cache.count == 0 && pipeline.cache[two] == nil)
    }
}
