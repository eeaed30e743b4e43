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
/// server accepts. The test awaits what the process says (its port line,
/// its exit) and what the origin sees; the ceiling is the suite's time limit.
@Suite(.serialized, .timeLimit(.minutes(30))) struct ServeCommandTests {
    @Test func sigtermDrainsTheRequestInFlightAndExitsZero() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("serve.yaml")
        try "allowPrivateNetworks: true\npresets:\n  p: {contentMode: aspectFit}\n".write(to: config, atomically: true, encoding: .utf8)

        let (process, output, exits, pipe) = try Self.launch(config: config)
        defer { if process.isRunning { process.terminate() } }
        let port = try await Self.port(from: output)

        let source = origin.address("/gate/serve").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let address = URL(string: "http://127.0.0.1:\(port)/render/p?url=\(source)&w=8&h=8&format=png")!
        let inFlight = Task { try await URLSession.shared.data(from: address) }
        // In flight: its fetch is held at the origin when the signal comes.
        #expect(await origin.until { origin.requests(to: "/gate/serve") == 1 })
        kill(process.processIdentifier, SIGTERM)
        origin.open(gate: "serve")

        let (body, response) = try await inFlight.value
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(try PNGCodec.decode(body).width == 8)
        for await _ in exits {}  // ends when the process has exited
        #expect(!process.isRunning)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        pipe.fileHandleForReading.readabilityHandler = nil
    }

    /// `vignette serve --config CONFIG` on a free loopback port, running: its
    /// standard output as a stream (standard error discarded), and a stream
    /// that ends when it exits. `environment`, when given, replaces the test's.
    static func launch(
        config: URL, environment: [String: String]? = nil
    ) throws -> (process: Process, output: AsyncStream<Data>, exits: AsyncStream<Void>, pipe: Pipe) {
        let process = Process()
        process.executableURL = RenderCommandTests.binary
        process.arguments = ["serve", "--config", config.path, "--port", "0", "--host", "127.0.0.1"]
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let (output, chunks) = AsyncStream.makeStream(of: Data.self)
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty { chunks.finish() } else { chunks.yield(chunk) }
        }
        let (exits, exit) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in exit.finish() }
        try process.run()
        return (process, output, exits, pipe)
    }

    /// The port from the "serving … on port N" line, as soon as it is written.
    static func port(from output: AsyncStream<Data>) async throws -> Int {
        var text = ""
        for await chunk in output {
            text += String(decoding: chunk, as: UTF8.self)
            guard let range = text.range(of: "on port "), text[range.upperBound...].contains("\n") else { continue }
            if let port = Int(text[range.upperBound...].prefix { $0.isNumber }) { return port }
        }
        throw CancellationError()  // the output ended (or the test was cancelled) without the line
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
