import Foundation
import Testing
import VignetteCore
import VignetteTestSupport
import VignetteTesting

/// What each kind of fixture answers, and what the loader records.
@Suite(.timeLimit(.minutes(30))) struct FixtureLoaderTests {
    let url = URL(string: "https://img.example/products/1.jpg")!
    let other = URL(string: "https://img.example/products/2.jpg")!

    func load(_ loader: FixtureLoader, _ url: URL, priority: ImagePriority = .normal) async -> Result<Bitmap, ImageRequest.Error> {
        do throws(ImageRequest.Error) {
            return .success(try await loader.image(for: ImageRequest(url: url), priority: priority))
        } catch {
            return .failure(error)
        }
    }

    @Test func imageIsDeliveredAsGiven() async {
        let image = TestImages.gradient(12, 8, scale: 2)
        let fixtures = FixtureLoader([url: .image(image)])
        #expect(await load(fixtures, url) == .success(image))
    }

    @Test func bytesAreDecodedWithTheRequestsOptions() async throws {
        let jpeg = try JPEGCodec.encode(TestImages.gradient(256, 128), options: .init(quality: 90))
        let fixtures = FixtureLoader([url: .data(jpeg)])
        var request = ImageRequest(url: url, scale: 2)
        request.options.shrinkTarget = ShrinkTarget(size: PixelSize(width: 32, height: 16), contentMode: .aspectFit)
        let bitmap = try await fixtures.image(for: request, priority: .normal)
        // The same decode the pipeline makes: shrunk on load (1/8), scale adjusted.
        #expect(bitmap == (try ImageDecoders.standard.decode(jpeg, options: request.options)))
        #expect(bitmap.width == 32 && bitmap.height == 16)
        #expect(bitmap.scale == 2.0 / 8)
        #expect(try await fixtures.image(for: ImageRequest(url: url), priority: .normal).width == 256)
    }

    @Test func undecodableBytesFailAsADecodeWould() async {
        let fixtures = FixtureLoader([url: .data(Data("not an image".utf8))])
        guard case .failure(.decodingFailed(let failedURL, let error)) = await load(fixtures, url) else {
            Issue.record("expected a decoding failure")
            return
        }
        #expect(failedURL == url)
        #expect(error.reason == .unrecognizedFormat(byteCount: 12))
    }

    @Test func failureIsThrownAsGiven() async {
        let timeout = ImageRequest.Error.loadingFailed(.timedOut(url, limit: .load(.seconds(30))), attempts: 3)
        let fixtures = FixtureLoader([url: .failure(timeout)])
        #expect(await load(fixtures, url) == .failure(timeout))
    }

    @Test func httpStatusHasThePipelinesShape() async {
        let fixtures = FixtureLoader([url: .httpStatus(503, retryAfter: .seconds(120))])
        let result = await load(fixtures, url)
        #expect(result == .failure(.loadingFailed(.httpStatus(url, status: 503, retryAfter: .seconds(120)), attempts: 1)))
        if case .failure(let error) = result { #expect(error.statusCode == 503) }
    }

    @Test func unknownURLFailsNamingIt() async {
        let fixtures = FixtureLoader([url: .image(TestImages.solid(2, 2))])
        let result = await load(fixtures, other)
        #expect(result == .failure(FixtureLoader.noFixture(for: other)))
        guard case .failure(let error) = result else { return }
        #expect(error.url == other)
        #expect(error.description.contains(other.absoluteString))
        #expect(error.description.contains("respond(to:with:)"))
    }

    @Test func sequenceAnswersSuccessiveLoadsAndTheLastRepeats() async {
        let image = TestImages.solid(3, 3)
        let fixtures = FixtureLoader()
        fixtures.respond(to: url, with: .httpStatus(503), .httpStatus(500), .image(image))
        #expect(await load(fixtures, url).failureStatus == 503)
        #expect(await load(fixtures, url).failureStatus == 500)
        #expect(await load(fixtures, url) == .success(image))
        #expect(await load(fixtures, url) == .success(image))
        // Replacing a URL's fixtures starts its sequence over; an empty list removes it.
        fixtures.respond(to: url, with: .httpStatus(404))
        #expect(await load(fixtures, url).failureStatus == 404)
        fixtures.respond(to: url, with: [])
        #expect(await load(fixtures, url) == .failure(FixtureLoader.noFixture(for: url)))
    }

    @Test func requestsAreRecordedWithOptionsAndPriority() async {
        let fixtures = FixtureLoader([url: .image(TestImages.solid(2, 2))])
        _ = await load(fixtures, url, priority: .high)
        _ = await load(fixtures, other, priority: .low)
        _ = try? await fixtures.image(for: ImageRequest(url: url, scale: 3), priority: .normal)
        #expect(fixtures.requests.map(\.url) == [url, other, url])
        #expect(fixtures.requests.map(\.priority) == [.high, .low, .normal])
        #expect(fixtures.requests(for: url).map(\.options.scale) == [1, 3])
        #expect(fixtures.requests(for: other).count == 1)
        fixtures.resetRequests()
        #expect(fixtures.requests.isEmpty)
    }

    @Test func cachedImagesAreMemoryHitsAndNotLoads() async {
        let image = TestImages.solid(4, 4)
        let fixtures = FixtureLoader()
        #expect(fixtures.cachedImage(for: ImageRequest(url: url)) == nil)
        fixtures.cache(image, for: url)
        #expect(fixtures.cachedImage(for: ImageRequest(url: url, scale: 2)) == image)
        #expect(fixtures.requests.isEmpty)
        fixtures.cache(nil, for: url)
        #expect(fixtures.cachedImage(for: ImageRequest(url: url)) == nil)
    }

    @Test func responsesDescribeThemselves() {
        #expect("\(FixtureLoader.Response.image(TestImages.solid(24, 16, scale: 2)))" == "image 24x16@2x")
        #expect("\(FixtureLoader.Response.httpStatus(404).delayed(by: .seconds(2)))" == "after 2.0 seconds: HTTP 404")
        #expect("\(FixtureLoader.Response.pending)" == "pending until cancelled")
    }
}

extension Result where Success == Bitmap, Failure == ImageRequest.Error {
    /// The HTTP status of a failure, if it is one.
    var failureStatus: Int? {
        if case .failure(let error) = self { return error.statusCode }
        return nil
    }
}
