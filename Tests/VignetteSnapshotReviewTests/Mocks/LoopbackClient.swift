import Foundation
import VignetteSnapshotReview

/// A raw HTTP/1.1 client for 127.0.0.1 (so a test can send any `Host`),
/// each request on a thread of its own: no socket wait blocks the test's pool.
enum LoopbackClient {
    struct Reply {
        var status: Int
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    static func send(port: UInt16, _ head: String) async -> Reply {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: exchange(port: port, head)) }
        }
    }

    static func request(_ server: ReviewServer, _ method: String, _ target: String, token: String? = nil, host: String? = nil) async -> Reply {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(server.port)")\r\n"
        if let token { head += "X-Review-Token: \(token)\r\n" }
        return await send(port: server.port, head + "\r\n")
    }

    /// Runs `serve()` on a thread; the returned task ends when it returns.
    static func serve(_ server: ReviewServer) -> Task<Void, Never> {
        Task {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    server.serve()
                    continuation.resume()
                }
            }
        }
    }

    private static func exchange(port: UInt16, _ head: String) -> Reply {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { return Reply(status: -1, body: Data()) }
        _ = Array(head.utf8).withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received.append(contentsOf: chunk[0..<n])
        }
        guard let split = received.range(of: Data("\r\n\r\n".utf8)) else { return Reply(status: -1, body: received) }
        let statusLine = String(decoding: received[..<split.lowerBound], as: UTF8.self).split(separator: " ")
        return Reply(status: statusLine.count > 1 ? Int(statusLine[1]) ?? -1 : -1, body: received[split.upperBound...])
    }
}
