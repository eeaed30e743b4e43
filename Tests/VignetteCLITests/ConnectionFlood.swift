import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a stranger's script does to a server: many TCP connections to
/// 127.0.0.1 at once, each sending one request and then held open until
/// `close()`. Its socket waits run on a thread of its own, never on Swift's
/// cooperative pool.
final class ConnectionFlood: @unchecked Sendable {
    /// What the flood saw before `answers` connections had answered (or the ceiling).
    struct Outcome: Sendable {
        /// Connections whose handshake completed (the server accepted them or queued them in its backlog).
        var connected = 0
        /// The status code of each answer, in arrival order.
        var statuses: [Int] = []
    }

    private let sockets: [Int32]

    private init(sockets: [Int32]) { self.sockets = sockets }

    /// Opens `count` connections to `port`, sends `request` on each as soon
    /// as it connects, and returns once `answers` of them have answered (or
    /// after `ceiling`, for a hung server only), the connections still open.
    static func start(port: Int, count: Int, request: String, answers: Int, ceiling: TimeInterval) async -> (ConnectionFlood, Outcome) {
        await withCheckedContinuation { continuation in
            Thread {
                let flood = ConnectionFlood(sockets: (0..<count).compactMap { _ in connect(port: port) })
                continuation.resume(returning: (flood, flood.drive(request: Array(request.utf8), answers: answers, ceiling: ceiling)))
            }.start()
        }
    }

    /// Closes every connection.
    func close() { for socket in sockets { _ = Glibc.close(socket) } }

    /// A non-blocking connect, in progress.
    private static func connect(port: Int) -> Int32? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return result == 0 || errno == EINPROGRESS ? socket : nil
    }

    /// Sends the request on each socket that becomes writable and reads
    /// the status line of each that becomes readable.
    private func drive(request: [UInt8], answers: Int, ceiling: TimeInterval) -> Outcome {
        var outcome = Outcome()
        var sent = Set<Int32>()
        var done = Set<Int32>()
        let deadline = Date(timeIntervalSinceNow: ceiling)
        while outcome.statuses.count < answers, Date() < deadline {
            var watched = sockets.filter { !done.contains($0) }.map {
                pollfd(fd: $0, events: Int16(sent.contains($0) ? POLLIN : POLLOUT), revents: 0)
            }
            guard !watched.isEmpty, poll(&watched, nfds_t(watched.count), 200) >= 0 else { break }
            for entry in watched where entry.revents != 0 {
                if entry.revents & Int16(POLLERR | POLLHUP) != 0 {
                    done.insert(entry.fd)
                } else if !sent.contains(entry.fd) {
                    sent.insert(entry.fd)
                    outcome.connected += 1
                    if send(entry.fd, request, request.count, Int32(MSG_NOSIGNAL)) != request.count { done.insert(entry.fd) }
                } else {
                    done.insert(entry.fd)
                    if let status = Self.status(reading: entry.fd) { outcome.statuses.append(status) }
                }
            }
        }
        return outcome
    }

    /// The status code of the response starting on `socket` ("HTTP/1.1 200 …").
    private static func status(reading socket: Int32) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = recv(socket, &buffer, buffer.count, 0)
        guard count > 12 else { return nil }
        let line = String(decoding: buffer[..<count], as: UTF8.self)
        guard line.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(line.dropFirst(9).prefix(3))
    }
}
