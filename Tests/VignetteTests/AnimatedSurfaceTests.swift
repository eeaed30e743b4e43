import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

@Suite(.timeLimit(.minutes(30))) struct AnimatedSurfaceTests {
    let loader = MockDataLoader()
    let decoder = FlipbookDecoder()

    func pipeline() -> ImagePipeline {
        ImagePipeline(
            loader: loader,
            configuration: .init(retry: .none, decoders: ImageDecoders([decoder] + ImageDecoders.standard.decoders)))
    }

    func serve(_ name: String, _ data: Data) -> URL {
        let url = URL(string: "https://cdn.example/\(name)")!
        loader.reply(url, .data(data))
        return url
    }

    @Test func aLoadedSurfaceDrawsEveryFrameAsItDrawsTheFirst() async throws {
        let url = serve("sticker.flip", FlipbookDecoder.file(frames: 5, width: 60, height: 40, loopCount: 2, centiseconds: 7))
        let pipeline = pipeline()
        let remote = ImageDescriptor(url, contentMode: .aspectFill).shape(.circle)
        let surface = try ImageSurface(size: Size(width: 16, height: 16), scale: 2)
        guard case .loaded = await surface.load(remote, using: pipeline) else {
            Issue.record("not loaded: \(surface.loadState)")
            return
        }
        let frames = try await surface.renderAnimation(of: remote, using: pipeline)
        #expect(frames.frames.count == 5 && frames.loopCount == 2)
        #expect(frames.frames.allSatisfy { $0.durationMilliseconds == 70 })
        #expect(frames.firstFrame == surface.render())
        let third = try ImageRenderer.render(
            remote.map { _ in FlipbookDecoder.frame(2, width: 60, height: 40) }, size: surface.size, scale: 2)
        #expect(frames.frames[2].bitmap == third)
        #expect(loader.loadCount(url) == 1, "the frames reuse the bytes the surface loaded")
    }

    @Test func aStillSourceGivesExactlyTheSurfacesRender() async throws {
        let png = try TestImages.gradient(30, 20).encoded(as: .png)
        let url = serve("still.png", png)
        let pipeline = pipeline()
        let remote = ImageDescriptor(url, contentMode: .aspectFit)
        let surface = try ImageSurface(size: Size(width: 12, height: 12))
        _ = await surface.load(remote, using: pipeline)
        let frames = try await surface.renderAnimation(of: remote, using: pipeline)
        #expect(!frames.isAnimated && frames.firstFrame == surface.render())
    }

    @Test func limitsRefuseTheAnimationBeforeAnyFrameIsDecoded() async throws {
        let url = serve("long.flip", FlipbookDecoder.file(frames: 3000, width: 50, height: 50))
        let pipeline = pipeline()
        let remote = ImageDescriptor(url)
        let surface = try ImageSurface(size: Size(width: 10, height: 10))
        _ = await surface.load(remote, using: pipeline)
        do {
            _ = try await surface.renderAnimation(of: remote, using: pipeline, limits: AnimationLimits(maxFrames: 100))
            Issue.record("3000 frames passed a limit of 100")
        } catch {
            guard case .loadingFailed(.decodingFailed(_, let decoding)) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(decoding.reason == .tooManyFrames(count: 3000, limit: 100))
            #expect("\(error)".contains("3000 frames, over the limit of 100"))
        }
        #expect(decoder.decodedFrames.count == 0)
    }

    @Test func aSurfaceWithoutItsImageRefuses() async throws {
        let url = serve("missing.flip", Data("not an image".utf8))
        let pipeline = pipeline()
        let remote = ImageDescriptor(url)
        let surface = try ImageSurface(size: Size(width: 10, height: 10))
        await #expect(throws: ImageSurface.AnimationError.self) {
            try await surface.renderAnimation(of: remote, using: pipeline)
        }
        _ = await surface.load(remote, using: pipeline)
        do {
            _ = try await surface.renderAnimation(of: remote, using: pipeline)
            Issue.record("a failed load rendered frames")
        } catch {
            guard case .notLoaded(.failed) = error else {
                Issue.record("\(error)")
                return
            }
        }
    }
}
