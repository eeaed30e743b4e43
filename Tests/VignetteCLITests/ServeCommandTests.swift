import Foundation
import Testing
import VignetteServer
import VignetteTestSupport

@testable import Vignette

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `vignette serve` as a process: it serves, and SIGTERM lets the request
/// in flight finish before it exits 0. `vignette sign` prints what the
/// server accepts.
@Suite(.serialized) struct ServeCommandTests {
    @Test func sigtermDrainsTheRequestInFlightAndExitsZero() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("serve.yaml")
        try "allowPrivateNetworks: true\npresets:\n  p: {contentMode: aspectFit}\n".write(to: config, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = RenderCommandTests.binary
        process.arguments = ["serve", "--config", config.path, "--port", "0", "--host", "127.0.0.1"]
        let output = Locked(Data())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            output.withLock { $0.append(chunk) }
        }
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let port = try await Self.port(from: output)

        let source = origin.url("/slow-ok.png").absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let address = URL(string: "http://127.0.0.1:\(port)/render/p?url=\(source)&w=8&h=8&format=png")!
        let inFlight = Task { try await URLSession.shared.data(from: address) }
        for _ in 0..<500 where origin.requests(to: "/slow-ok.png") == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(origin.requests(to: "/slow-ok.png") == 1)
        kill(process.processIdentifier, SIGTERM)

        let (body, response) = try await inFlight.value
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(try PNGCodec.decode(body).width == 8)
        for _ in 0..<500 where process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!process.isRunning)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        pipe.fileHandleForReading.readabilityHandler = nil
    }

    /// The port from the "serving … on port N" line.
    static func port(from output: Locked<Data>) async throws -> Int {
        for _ in 0..<1000 {
            let text = output.withLock { String(decoding: $0, as: UTF8.self) }
            if let range = text.range(of: "on port ") {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                if let port = Int(digits), text[range.upperBound...].contains("\n") { return port }
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw CancellationError()
    }

    @Test func signPrintsThePathTheServerAccepts() throws {
        let path = "/render/thumb?url=https%3A%2F%2Fcdn.example.com%2Fa.jpg&w=200&h=200"
        let result = try RenderCommandTests.run(["sign", "--key", "s3cret", path])
        #expect(result.status == 0)
        let signed = result.stdout.trimmingCharacters(in: .newlines)
        #expect(signed == RequestSigner(key: "s3cret").sign(path))
        #expect(throws: Never.self) { try RequestSigner(key: "s3cret").verify(signed) }
        #expect(try RenderCommandTests.run(["sign", path]).status == 64)  // no key
        #expect(try RenderCommandTests.run(["sign", "--key", "k", "render/x"]).status == 64)
    }

    @Test func aBadConfigurationIsAUsageErrorNamingTheKey() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("bad.yaml")
        try "maxQueue: many\n".write(to: config, atomically: true, encoding: .utf8)
        let result = try RenderCommandTests.run(["serve", "--config", config.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("maxQueue: expected an integer"))
    }
}
