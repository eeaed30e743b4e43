import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// The pipeline's stages (fetch → decode → memory cache) through an
/// in-process loader: no socket.
@Suite(.timeLimit(.minutes(30))) struct PipelineStagesTests {
    let url = URL(string: "https://cdn.example/photo.png")!
    let loader = MockDataLoader()

    init() {
        loader.reply(url, .data(Fixtures.iconPNG, headers: ["cache-control": "max-age=600"]))
    }

    func pipeline(_ configuration: ImagePipeline.Configuration = .init(retry: .none)) -> ImagePipeline {
        ImagePipeline(loader: loader, configuration: configuration)
    }

    @Test func oneTransferServesTwoScalesInFlight() async throws {
        let pipeline = pipeline()
        loader.suspend()
        let one = Task { try await pipeline.image(for: ImageRequest(url: url, scale: 1)) }
        let two = Task { try await pipeline.image(for: ImageRequest(url: url, scale: 2)) }
        #expect(await pipeline.until { pipeline.transferWaiterCount(for: ImageRequest(url: url)) == 2 })
        loader.resume()
        let (a, b) = try await (one.value, two.value)
        #expect(loader.loadCount(url) == 1)
        #expect(a.scale == 1 && b.scale == 2 && a.pixels == b.pixels)
        #expect(a.size.width == 2 * b.size.width && a.size.height == 2 * b.size.height)
        #expect(pipeline.memoryCache.count == 2)
    }

    @Test func oneTransferServesTwoScalesAfterwards() async throws {
        let pipeline = pipeline()
        let first = try await pipeline.response(for: ImageRequest(url: url, scale: 1))
        let second = try await pipeline.response(for: ImageRequest(url: url, scale: 3))
        #expect(loader.loadCount(url) == 1)
        #expect(first.source == .network && second.source == .memory)
        #expect(second.image.scale == 3 && second.image.width == first.image.width)
    }

    @Test func theDiskCacheServesAnotherScaleWhenTheDataCacheIsOff() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = try DiskCache(storage: FileCacheStorage(directory: folder.path))
        let pipeline = pipeline(.init(retry: .none, dataCacheBytes: 0, diskCache: disk))
        _ = try await pipeline.image(for: ImageRequest(url: url, scale: 1))
        await disk.flush()
        let second = try await pipeline.response(for: ImageRequest(url: url, scale: 2))
        #expect(loader.loadCount(url) == 1 && second.source == .disk)
    }

    @Test func oneScaleGivingUpLeavesTheTransferToTheOther() async throws {
        let pipeline = pipeline()
        loader.suspend()
        let impatient = Task { try await pipeline.image(for: ImageRequest(url: url, scale: 1)) }
        let patient = Task { try await pipeline.image(for: ImageRequest(url: url, scale: 2)) }
        #expect(await pipeline.until { pipeline.transferWaiterCount(for: ImageRequest(url: url)) == 2 })
        impatient.cancel()
        await #expect(throws: ImageRequest.Error.cancelled(url)) { try await impatient.value }
        loader.resume()
        #expect(try await patient.value.scale == 2)
        #expect(loader.loadCount(url) == 1 && loader.cancelledCount == 0)
    }

    @Test func everyScaleGivingUpCancelsTheTransfer() async throws {
        let pipeline = pipeline()
        loader.suspend()
        let tasks = [1.0, 2.0].map { scale in Task { try await pipeline.image(for: ImageRequest(url: url, scale: scale)) } }
        #expect(await loader.until { $0.held == 1 })
        #expect(await pipeline.until { pipeline.transferWaiterCount(for: ImageRequest(url: url)) == 2 })
        for task in tasks { task.cancel() }
        for task in tasks { await #expect(throws: ImageRequest.Error.cancelled(url)) { try await task.value } }
        #expect(await loader.until { $0.cancelled == 1 })
    }

    @Test func thePipelineDecodesWithTheDecodersItWasGiven() async throws {
        let stub = URL(string: "https://cdn.example/picture.stub")!
        loader.reply(stub, .data(Data("STUB".utf8)))
        let pipeline = pipeline(.init(retry: .none, decoders: ImageDecoders([StubDecoder()])))
        let image = try await pipeline.image(for: ImageRequest(url: stub, scale: 2))
        #expect(image == Bitmap(width: 4, height: 2, scale: 2, fill: .white))
        // PNG bytes mean nothing to a pipeline that has only the stub decoder.
        await #expect(
            throws: ImageRequest.Error.decodingFailed(url, ImageDecoders.Error(format: nil, reason: .unrecognizedFormat(byteCount: Fixtures.iconPNG.count)))
        ) {
            try await pipeline.image(for: ImageRequest(url: url))
        }
    }

    @Test func bytesThatAreNoImageAreNeverCachedAsGood() async throws {
        let garbage = URL(string: "https://cdn.example/garbage.png")!
        loader.reply(garbage, .data(Data("<html>not found</html>".utf8), headers: ["cache-control": "max-age=600"]))
        let pipeline = pipeline()
        for _ in 0..<2 {
            await #expect(throws: ImageRequest.Error.self) { try await pipeline.image(for: ImageRequest(url: garbage)) }
        }
        #expect(loader.loadCount(garbage) == 2)
    }

    @Test(arguments: [Double.nan, 0, -1, .infinity])
    func invalidScalesFailWithoutALoad(_ scale: Double) async {
        let pipeline = pipeline()
        do {
            _ = try await pipeline.image(for: ImageRequest(url: url, scale: scale))
            Issue.record("scale \(scale) was accepted")
        } catch {
            guard case .decodingFailed(url, let cause) = error, case .invalidScale = cause.reason else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        #expect(loader.totalLoads == 0)
    }

    @Test func aFullSizeDecodeServesEveryShrinkTargetFromMemory() async throws {
        let pipeline = pipeline()
        let full = try await pipeline.image(for: ImageRequest(url: url))
        let surface = try ImageSurface(size: Size(width: 10, height: 10), scale: 2)
        let request = surface.remoteRequest(for: ImageDescriptor(url, contentMode: .aspectFill))
        #expect(
            request.options.shrinkTarget
                == ShrinkTarget(
                    size: PixelSize(width: 20, height: 20), contentMode: .aspectFill,
                    cropsToVisible: true))
        #expect(pipeline.cachedImage(for: request) == full)
        // PNG cannot shrink on load: a request with a target decodes full size, kept for everyone.
        let other = URL(string: "https://cdn.example/other.png")!
        loader.reply(other, .data(Fixtures.iconPNG))
        let targeted = try await pipeline.image(for: surface.remoteRequest(for: ImageDescriptor(other)))
        #expect(pipeline.cachedImage(for: ImageRequest(url: other)) == targeted)
        #expect(pipeline.memoryCache.count == 2)
    }

    @Test func dataForAURLSharesTheTransferWithoutDecoding() async throws {
        let pipeline = pipeline()
        #expect(try await pipeline.data(for: ImageRequest(url: url)) == Fixtures.iconPNG)
        #expect(pipeline.memoryCache.count == 0 && loader.loadCount(url) == 1)
    }
}

/// Decodes any bytes starting with "STUB" into a white 4×2 bitmap.
private struct StubDecoder: ImageDecoding {
    var format: ImageFormat { ImageFormat(rawValue: "stub") }
    func recognizes(_ data: Data) -> Bool { data.starts(with: Array("STUB".utf8)) }
    func decode(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> Bitmap {
        Bitmap(width: 4, height: 2, scale: options.scale, fill: .white)
    }
}
