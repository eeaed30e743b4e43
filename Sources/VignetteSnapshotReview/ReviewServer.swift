import Foundation
import Synchronization

/// The review page's server: HTTP/1.1 on 127.0.0.1 only, an ephemeral port
/// unless one is given, `serve()` accepting on the thread that calls it and
/// answering each connection on a thread of its own, at most 32 at once (one
/// person clicking through a page: a few sockets and threads, so no NIO).
///
/// Hostile input stays harmless: only the snapshots of the review are
/// served (by their listed path, never a path from the request), a request
/// head is at most 16 KiB and must arrive within 10 s, a `Host` other than
/// the loopback address and port is refused (DNS rebinding), and every
/// write (`POST`) must carry the page's random token, which another origin
/// cannot read.
package final class ReviewServer: Sendable {
    /// Why the server cannot start.
    package enum Error: Swift.Error, CustomStringConvertible, Equatable {
        case cannotListen(String)

        package var description: String {
            switch self {
            case .cannotListen(let reason): "cannot listen on 127.0.0.1: \(reason)"
            }
        }
    }

    package let port: UInt16
    /// Required in the `X-Review-Token` header of every `POST`.
    package let token: String
    package let session: ReviewSession
    private let listener: Int32
    private let stopped = Atomic<Bool>(false)
    private let open = Atomic<Int>(0)

    /// The page's address.
    package var url: String { "http://127.0.0.1:\(port)/" }

    /// Listens on 127.0.0.1 (`port` 0: an ephemeral one); `serve()` answers.
    package init(session: ReviewSession, port: UInt16 = 0) throws(Error) {
        self.session = session
        token = (0..<4).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 36) }.joined()
        #if os(Linux)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw .cannotListen(String(cString: strerror(errno))) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 16) == 0 }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard bound, named else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .cannotListen(reason)
        }
        listener = fd
        self.port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(listener) }

    /// Answers requests until `stop()` or a `POST /api/quit`; blocks the calling thread.
    package func serve() {
        while !stopped.load(ordering: .acquiring) {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                break
            }
            // A thread per connection: a browser opens connections it may never use (preconnects),
            // and one waiting for its request must not hold up the others.
            guard open.add(1, ordering: .relaxed).newValue <= Self.maxConnections else {
                open.subtract(1, ordering: .relaxed)
                close(connection)
                continue
            }
            Thread.detachNewThread { [self] in
                respond(on: connection)
                open.subtract(1, ordering: .relaxed)
            }
        }
    }

    /// Connections answered at once; more are closed unanswered.
    static let maxConnections = 32

    private func respond(on connection: Int32) {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            // A closed peer raises no SIGPIPE (Linux: MSG_NOSIGNAL on each send, HTTPResponse.send).
            var yes: Int32 = 1
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let request = HTTPRequest.read(connection)
        let response = request.map(answer) ?? .text(400, "bad request")
        response.send(connection)
        close(connection)
        // Stopped once the answer is out: `serve()` returning ends the tool.
        if request?.method == "POST" && request?.path == "/api/quit" && response.status == 200 { stop() }
    }

    /// Stops `serve()` (from any thread).
    package func stop() {
        stopped.store(true, ordering: .releasing)
        shutdown(listener, Int32(SHUT_RDWR))
    }

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = request.headers["host"], hosts.contains(host) else {
            return .text(421, "this server answers http://127.0.0.1:\(port)/ only")
        }
        if request.method == "POST" {
            guard request.headers["x-review-token"] == token else { return .text(403, "missing or wrong review token") }
            if request.path == "/api/quit" { return .json(["done": true]) }
            return session.act(request.path, on: request.query["path"])
        }
        guard request.method == "GET" else { return .text(405, "GET or POST only") }
        switch request.path {
        case "/": return .html(ReviewPage.html(token: token))
        case "/api/run": return session.listing()
        case "/favicon.ico": return .text(404, "no icon")
        default:
            let parts = request.path.split(separator: "/", maxSplits: 1)
            guard parts.count == 2, parts[0] == "image", let path = request.query["path"] else { return .text(404, "not found") }
            return session.image(String(parts[1]), of: path)
        }
    }
}
