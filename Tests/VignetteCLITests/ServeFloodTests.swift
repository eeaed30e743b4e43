import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `vignette serve` under an open-files limit of 256 (its own, set by the
/// shell that execs it), flooded with four times as many connections each
/// asking for a render: it accepts up to its connection budget, leaves the
/// rest in the kernel's backlog, counts the pause, and serves again once
/// the flood closes. Before the budget, the process died of SIGILL at about
/// 500 connections (libdispatch traps when it cannot open `/proc/<tid>/stat`).
@Suite(.serialized, .timeLimit(.minutes(5))) struct ServeFloodTests {
    static let descriptorLimit = 256

    @Test func aFloodBeyondTheOpenFilesLimitPausesAcceptingAndTheServerLives() async throws {
        // The flood's sockets are this process's descriptors: make room for them.
        let room = DescriptorLimit.raised().soft - (DescriptorLimit.openCount() ?? 0) - 256
        let floodSize = min(4 * Self.descriptorLimit, room)
        try #require(floodSize > 2 * Self.descriptorLimit, "the test process may open only \(room) more descriptors")
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let server = try await FloodedServer.start(limit: Self.descriptorLimit)
        defer { server.stop() }
        #expect(server.log.contains("open-files limit \(Self.descriptorLimit)"))
        #expect(server.maxConnections < Self.descriptorLimit)

        let source = origin.address("/ok.png").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let render = "/render/p?url=\(source)&w=20&h=20&format=png"
        let (flood, outcome) = await ConnectionFlood.start(
            port: server.port, count: floodSize, request: "GET \(render) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            answers: server.maxConnections, ceiling: 120)
        // The server answered a budget's worth (one accept call may take a few more at once) while
        // the flood held its connections open, and the rest of the flood was left waiting.
        #expect(outcome.statuses.count >= server.maxConnections)
        #expect(outcome.statuses.allSatisfy { $0 == 200 })
        #expect(outcome.connected > server.maxConnections)
        #expect(server.isRunning)
        flood.close()

        let base = "http://127.0.0.1:\(server.port)"
        let (_, health) = try await URLSession.shared.data(from: URL(string: base + "/health")!)
        #expect((health as? HTTPURLResponse)?.statusCode == 200)
        let (image, rendered) = try await URLSession.shared.data(from: URL(string: base + render)!)
        #expect((rendered as? HTTPURLResponse)?.statusCode == 200)
        #expect(try PNGCodec.decode(image).width == 20)
        let (metrics, _) = try await URLSession.shared.data(from: URL(string: base + "/metrics")!)
        let pauses = String(decoding: metrics, as: UTF8.self).split(separator: "\n")
            .first { $0.hasPrefix("vignette_accept_pauses_total ") }.flatMap { Double($0.split(separator: " ")[1]) }
        #expect((pauses ?? 0) >= 1)
        #expect(server.isRunning)
        #expect(await server.terminate() == 0)  // SIGTERM: a clean drain, not a crash
    }
}

/// `vignette serve` run by `/bin/sh` after `ulimit -n LIMIT` (soft and hard),
/// with a small preset file; its port and connection budget read from what
/// it prints.
struct FloodedServer {
    let process: Process
    let port: Int
    let maxConnections: Int
    let log: String
    let exits: AsyncStream<Void>

    static func start(limit: Int) async throws -> FloodedServer {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }  // read at launch: gone once the port is printed
        let config = folder.appendingPathComponent("serve.yaml")
        try "allowPrivateNetworks: true\nmaxConcurrentRequests: 8\npresets:\n  p: {contentMode: aspectFit, formats: [png]}\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "ulimit -n \(limit) && exec \"$0\" \"$@\"", RenderCommandTests.binary.path,
            "serve", "--config", config.path, "--port", "0", "--host", "127.0.0.1"
        ]
        let (output, errors) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (output, errors)
        let stdout = Self.chunks(of: output)
        let stderr = Self.chunks(of: errors)
        let (exits, exit) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in exit.finish() }
        try process.run()
        let port = try await ServeCommandTests.port(from: stdout)
        var log = ""
        for await chunk in stderr {
            log += String(decoding: chunk, as: UTF8.self)
            if log.contains("connections at once") { break }
        }
        let budget = log.range(of: "at most ").flatMap { Int(log[$0.upperBound...].prefix { $0.isNumber }) }
        guard let budget else {
            process.terminate()
            throw CancellationError()  // the server never said its budget
        }
        return FloodedServer(process: process, port: port, maxConnections: budget, log: log, exits: exits)
    }

    var isRunning: Bool { process.isRunning }

    /// SIGTERM, then the exit status once the process has exited.
    func terminate() async -> Int32 {
        process.terminate()
        for await _ in exits {}
        return process.terminationStatus
    }

    func stop() { if process.isRunning { process.terminate() } }

    /// Everything `pipe` delivers, as it arrives.
    static func chunks(of pipe: Pipe) -> AsyncStream<Data> {
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty {
                handle.readabilityHandler = nil
                continuation.finish()
            } else {
                continuation.yield(chunk)
            }
        }
        return stream
    }
}
