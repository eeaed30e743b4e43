import CCurl
import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// The libcurl and local loaders against a real loopback server.
@Suite(.timeLimit(.minutes(30))) struct DataLoadingTests {
    static let png = Fixtures.iconPNG
    static let server: LoopbackServer = try! LoopbackServer(png: png)

    let loader = CurlDataLoader(
        options: LoadingOptions(
            connectTimeout: .seconds(2), timeout: .seconds(2),
            maxResponseBytes: 1 << 20, maxRedirects: 5))

    static func expectError(_ url: URL, loader: some DataLoading, _ matches: (ImageRequest.TransferError) -> Bool) async {
        do {
            let response = try await loader.load(url)
            Issue.record("expected an error for \(url), got \(response.data.count) bytes")
        } catch {
            #expect(matches(error), "\(url): unexpected \(error)")
            #expect(!error.description.isEmpty)
        }
    }

    @Test func theAcceptHeaderNamesExactlyTheDecodableFormats() async throws {
        let response = try await loader.load(Self.server.url("/echo-accept"))
        #expect(String(decoding: response.data, as: UTF8.self) == ImageDecoders.standard.acceptHeader)
        #expect(ImageDecoders.standard.acceptHeader.contains("image/png"))
        let custom = CurlDataLoader(options: LoadingOptions(accept: "image/webp"))
        #expect(String(decoding: try await custom.load(Self.server.url("/echo-accept")).data, as: UTF8.self) == "image/webp")
    }

    @Test func successReturnsBodyStatusAndHeaders() async throws {
        let response = try await loader.load(Self.server.url("/ok.png"))
        #expect(response.data == Self.png && response.statusCode == 200)
        #expect(response.headers["content-type"] == "image/png")
        #expect(try PNGCodec.decode(response.data).width == 32)
    }

    @Test func httpErrorsCarryStatusAndTransience() async {
        await Self.expectError(Self.server.url("/status/404"), loader: loader) {
            if case .httpStatus(_, 404, _) = $0 { return !$0.isTransient } else { return false }
        }
        await Self.expectError(Self.server.url("/status/500"), loader: loader) {
            if case .httpStatus(_, 500, _) = $0 { return $0.isTransient } else { return false }
        }
        await Self.expectError(Self.server.url("/status/503"), loader: loader) {
            if case .httpStatus(_, 503, .some(.seconds(1))) = $0 { return $0.isTransient } else { return false }
        }
    }

    /// The origin holds both until the client hangs up (answering only after
    /// `LoopbackServer.gateCeiling`): a `.timedOut` proves the 2 s limit
    /// fired. (No wall-clock assertion: under a loaded test run the awaiting
    /// task may resume late even though curl gave up on time.)
    @Test func slowHeadersAndBodiesTimeOut() async {
        await Self.expectError(Self.server.url("/slow-headers"), loader: loader) {
            if case .timedOut(_, .load(.seconds(2))) = $0 { return $0.isTransient } else { return false }
        }
        await Self.expectError(Self.server.url("/slow-body"), loader: loader) {
            if case .timedOut(_, .load(.seconds(2))) = $0 { return true } else { return false }
        }
    }

    @Test func truncatedBodiesAreConnectionFailures() async {
        await Self.expectError(Self.server.url("/truncated"), loader: loader) {
            if case .connectionFailed(_, .truncatedBody) = $0 { return $0.isTransient } else { return false }
        }
    }

    @Test func redirectsAreFollowedUpToTheLimit() async throws {
        let response = try await loader.load(Self.server.url("/redirect/3"))
        #expect(response.data == Self.png && response.url.path == "/ok.png")
        await Self.expectError(Self.server.url("/redirect/9"), loader: loader) {
            if case .tooManyRedirects(_, 5) = $0 { return true } else { return false }
        }
        await Self.expectError(Self.server.url("/loop"), loader: loader) {
            if case .tooManyRedirects = $0 { return true } else { return false }
        }
    }

    @Test func redirectsNeverLeaveHTTP() async {
        await Self.expectError(Self.server.url("/to-file"), loader: loader) {
            if case .disallowedScheme = $0 { return true } else { return false }
        }
        await Self.expectError(URL(string: "file:///etc/passwd")!, loader: loader) {
            if case .disallowedScheme(_, "file") = $0 { return true } else { return false }
        }
    }

    @Test func sizeLimitsHoldUpFrontAndWhileStreaming() async {
        await Self.expectError(Self.server.url("/huge"), loader: loader) {
            if case .tooLarge(_, 1 << 20) = $0 { return true } else { return false }
        }
        await Self.expectError(Self.server.url("/endless"), loader: loader) {
            if case .tooLarge = $0 { return true } else { return false }
        }
    }

    @Test func gzipIsDecodedAndContentTypeIgnored() async throws {
        #expect(try await loader.load(Self.server.url("/gzip.png")).data == Self.png)
        #expect(try await loader.load(Self.server.url("/wrong-type.png")).data == Self.png)
    }

    @Test func refusedConnectionsFailFast() async throws {
        // A port held closed by the test, not port 1: something may listen there.
        let closed = try #require(ClosedPort())
        await Self.expectError(closed.url("/x.png"), loader: loader) {
            if case .connectionFailed(_, .couldNotConnect) = $0 { return $0.isTransient } else { return false }
        }
        withExtendedLifetime(closed) {}
    }

    /// The response is held at the origin until the end and the timeout is
    /// a hang ceiling, so `.cancelled` rather than data proves the transfer
    /// was aborted — however late the test gets to cancel it.
    @Test func cancellationAbortsTheTransfer() async {
        let loader = CurlDataLoader(options: LoadingOptions(timeout: .seconds(600)))
        defer { Self.server.open(gate: "cancelled") }
        let task = Task { try await loader.load(Self.server.url("/gate/cancelled")) }
        #expect(await Self.server.until { Self.server.requests(to: "/gate/cancelled") == 1 })  // under way
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result, case ImageRequest.TransferError.cancelled = error else {
            Issue.record("expected cancellation, got \(result)")
            return
        }
    }

    @Test func localFilesAndDataURLs() async throws {
        let local = DefaultDataLoader()
        let file = Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources/address-book@2x.png")
        #expect(try await local.load(file).data == Self.png)
        let dataURL = URL(string: "data:image/png;base64," + Self.png.base64EncodedString())!
        #expect(try await local.load(dataURL).data == Self.png)
        await Self.expectError(URL(fileURLWithPath: "/nonexistent/x.png"), loader: local) {
            $0 == .fileUnreadable(URL(fileURLWithPath: "/nonexistent/x.png"), cause: .ENOENT)
                && $0.description.hasSuffix("no such file or directory")
        }
        await Self.expectError(Fixtures.repositoryRoot, loader: local) {
            if case .fileUnreadable(_, .EISDIR) = $0 { return true } else { return false }
        }
        await Self.expectError(URL(string: "data:image/png;base64")!, loader: local) {
            if case .malformedDataURL = $0 { return true } else { return false }
        }
        await Self.expectError(URL(string: "ftp://example.com/x.png")!, loader: local) {
            if case .disallowedScheme(_, "ftp") = $0 { return true } else { return false }
        }
        let small = DefaultDataLoader(options: LoadingOptions(maxResponseBytes: 100))
        await Self.expectError(file, loader: small) {
            if case .tooLarge(_, 100) = $0 { return true } else { return false }
        }
    }

    @Test func retryAfterParsesSecondsAndEveryDateForm() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(CurlTransfer.retryAfter("120", now: now) == .seconds(120))
        #expect(CurlTransfer.retryAfter(" 0 ", now: now) == .seconds(0))
        #expect(CurlTransfer.retryAfter("99999999999999999999999", now: now) == .seconds(Int.max))
        #expect(CurlTransfer.retryAfter("Sun, 06 Nov 1994 08:51:37 GMT", now: now) == .seconds(120))
        #expect(CurlTransfer.retryAfter("Sunday, 06-Nov-94 08:51:37 GMT", now: now) == .seconds(120))
        #expect(CurlTransfer.retryAfter("Sun Nov  6 08:51:37 1994", now: now) == .seconds(120))
        #expect(CurlTransfer.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT") == .seconds(0))  // past: no wait
        for garbage in ["soon", "-5", "+5", "1.5", "12 s", "Sun, 06 Nov 1994", nil] {
            #expect(CurlTransfer.retryAfter(garbage, now: now) == nil, "\(garbage ?? "nil")")
        }
    }

    /// libcurl reports both timeouts with one code; the time taken tells them apart.
    @Test func timeoutsNameTheLimitThatRanOut() {
        let options = LoadingOptions(connectTimeout: .seconds(10), timeout: .seconds(30))
        #expect(CurlTransfer.timeout(after: .milliseconds(10_004), options: options) == .connect(.seconds(10)))
        #expect(CurlTransfer.timeout(after: .milliseconds(30_001), options: options) == .load(.seconds(30)))
        // A whole-load limit at or under the connect limit always fires first.
        let tight = LoadingOptions(connectTimeout: .seconds(5), timeout: .seconds(5))
        #expect(CurlTransfer.timeout(after: .milliseconds(5_001), options: tight) == .load(.seconds(5)))
        #expect(
            "\(ImageRequest.TransferError.timedOut(URL(string: "http://h/x")!, limit: .connect(.seconds(10))))"
                == "http://h/x: timed out (connecting took over 10.0 seconds)")
    }

    /// Result codes map to causes a caller can act on; the rest keep libcurl's words.
    @Test func curlResultCodesMapToTypedCauses() {
        let url = URL(string: "https://h/x.png")!
        #expect(CurlTransfer.failure(CURLE_COULDNT_RESOLVE_HOST, url: url) == .connectionFailed(url, cause: .hostNotFound))
        #expect(CurlTransfer.failure(CURLE_COULDNT_CONNECT, url: url) == .connectionFailed(url, cause: .couldNotConnect))
        #expect(CurlTransfer.failure(CURLE_RECV_ERROR, url: url) == .connectionFailed(url, cause: .lost))
        #expect(CurlTransfer.failure(CURLE_GOT_NOTHING, url: url) == .connectionFailed(url, cause: .emptyReply))
        #expect(CurlTransfer.failure(CURLE_PEER_FAILED_VERIFICATION, url: url) == .tlsFailure(url, cause: .untrustedCertificate))
        #expect(CurlTransfer.failure(CURLE_SSL_CONNECT_ERROR, url: url) == .tlsFailure(url, cause: .handshakeFailed))
        #expect(CurlTransfer.failure(CURLE_SSL_CACERT_BADFILE, url: url) == .tlsFailure(url, cause: .localConfiguration))
        guard case .transferFailed(url, let reason) = CurlTransfer.failure(CURLE_WEIRD_SERVER_REPLY, url: url) else {
            Issue.record("an unmapped code should be a transferFailed")
            return
        }
        #expect(reason.hasPrefix("libcurl error 8: "))
        #expect(CurlTransfer.failure(CURLE_COULDNT_RESOLVE_HOST, url: url).isTransient)
        #expect(!CurlTransfer.failure(CURLE_PEER_FAILED_VERIFICATION, url: url).isTransient)
    }
}
