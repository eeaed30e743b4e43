import CDeflate
import Foundation
import VignetteCore

#if canImport(Glibc)
    import Glibc
    // SOCK_STREAM is an enum on Glibc, an Int32 on Darwin; Darwin has no MSG_NOSIGNAL (SO_NOSIGPIPE instead).
    let streamSocket = Int32(SOCK_STREAM.rawValue)
    let noSignal = Int32(MSG_NOSIGNAL)
    let sendBytes: @Sendable (Int32, UnsafeRawPointer?, Int, Int32) -> Int = Glibc.send
#elseif canImport(Darwin)
    import Darwin
    let streamSocket = SOCK_STREAM
    let noSignal: Int32 = 0
    let sendBytes: @Sendable (Int32, UnsafeRawPointer?, Int, Int32) -> Int = Darwin.send
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 with scripted faults, one thread per
/// connection: the one fake origin of every test that needs a real socket
/// (libcurl, the CLI, the render server's fetches). Tests await its state
/// (`until`) and hold responses at gates instead of sleeping.
public final class LoopbackServer: @unchecked Sendable {
    public let port: UInt16
    private let listener: Int32
    private let counts = Locked<[String: Int]>([:])
    private let log = Locked<(active: Int, peak: Int, order: [String])>((0, 0, []))
    private let png: Data
    private let notModified = Locked(0)
    private let openGates = Locked<Set<String>>([])
    private let gateOpened = NSCondition()
    /// Per `/together/<n>` group: requests held now, and releases so far
    /// (guarded by `gateOpened`'s lock).
    private var groups: [Int: (held: Int, releases: Int)] = [:]
    private let changes = StateChanges()
    private let gone = Locked<ClosedPort?>(nil)
    /// The longest a gate holds a response when the test never opens it: a
    /// ceiling for a hung test only, which a machine 10× slower never meets.
    public static let gateCeiling: TimeInterval = 300

    public init(png: Data) throws {
        self.png = png
        let fd = socket(AF_INET, streamSocket, 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        let thread = Thread { [unowned self] in self.acceptLoop() }
        thread.start()
    }

    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }
    /// `url(path)` as text.
    public func address(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Waits until `condition` over the server (`requests(to:)`,
    /// `requestOrder`) holds, checked after every request it receives;
    /// false if the waiting test is cancelled first (its time limit).
    public func until(_ condition: @escaping @Sendable () -> Bool) async -> Bool { await changes.until(condition) }

    /// Paths in the order their requests arrived.
    public var requestOrder: [String] { log.withLock { $0.order } }
    /// The most connections served at once.
    public var peakConcurrency: Int { log.withLock { $0.peak } }

    /// Lets `/gate/<name>` answer: until then it holds its connection (up
    /// to `gateCeiling`).
    public func open(gate name: String) {
        openGates.withLock { _ = $0.insert(name) }
        gateOpened.lock()
        gateOpened.broadcast()
        gateOpened.unlock()
    }

    private func waitForGate(_ name: String) {
        let deadline = Date(timeIntervalSinceNow: Self.gateCeiling)
        gateOpened.lock()
        defer { gateOpened.unlock() }
        while !openGates.withLock({ $0.contains(name) }) && gateOpened.wait(until: deadline) {}
    }

    /// Holds a `/together/<size>/…` request until `size` of them are held
    /// at once, then lets those go (up to `gateCeiling`).
    private func waitForCompany(size: Int) {
        let deadline = Date(timeIntervalSinceNow: Self.gateCeiling)
        gateOpened.lock()
        defer { gateOpened.unlock() }
        var group = groups[size, default: (0, 0)]
        let release = group.releases
        group.held += 1
        if group.held >= size { group = (0, release + 1) }
        groups[size] = group
        if group.releases != release {
            gateOpened.broadcast()
            return
        }
        while groups[size]?.releases == release && gateOpened.wait(until: deadline) {}
    }

    /// Holds a connection without answering until the client hangs up (its
    /// timeout fired: true) or `gateCeiling` passes (false). It waits on the
    /// socket, never on a timer.
    private func clientHangsUp(_ client: Connection) -> Bool {
        let deadline = Date(timeIntervalSinceNow: Self.gateCeiling)
        var scratch = [UInt8](repeating: 0, count: 512)
        while deadline.timeIntervalSinceNow > 0 {
            var entry = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(deadline.timeIntervalSinceNow * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            if recv(client.fd, &scratch, scratch.count, 0) <= 0 { return true }
        }
        return false
    }

    /// 304 responses sent.
    public var notModifiedCount: Int { notModified.withLock { $0 } }

    /// Stops accepting: later connections are refused (the origin is gone),
    /// and the port stays held, so no other listener takes it meanwhile.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        gone.withLock { $0 = $0 ?? ClosedPort(port: port) }
    }

    /// How many requests reached `path`.
    public func requests(to path: String) -> Int { counts.withLock { $0[path] ?? 0 } }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let thread = Thread { [unowned self] in self.serve(client) }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var nosigpipe: Int32 = 1
        setsockopt(client, SOL_SOCKET, SO_KEEPALIVE, &nosigpipe, socklen_t(MemoryLayout<Int32>.size))
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.containsHeaderEnd {
            let n = recv(client, &buffer, buffer.count, 0)
            if n <= 0 { return }
            request += buffer[0..<n]
        }
        let text = String(decoding: request, as: UTF8.self)
        let line = text.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
        var headers: [String: String] = [:]
        for field in text.split(separator: "\r\n").dropFirst() {
            guard let colon = field.firstIndex(of: ":") else { continue }
            headers[field[..<colon].lowercased()] = field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        let seen = counts.withLock { counts -> Int in
            counts[path, default: 0] += 1
            return counts[path]!
        }
        log.withLock {
            $0.active += 1
            $0.peak = max($0.peak, $0.active)
            $0.order.append(path)
        }
        changes.changed()
        // "In flight" ends when the response starts: the client may start its
        // next request the moment the last byte lands, before this thread returns.
        let connection = Connection(fd: client, once: Once())
        defer { responseStarted(connection) }
        respond(to: path, attempt: seen, headers: headers, connection)
    }

    /// A client socket and whether its response has begun.
    private struct Connection {
        let fd: Int32
        let once: Once
    }

    private func responseStarted(_ connection: Connection) {
        if connection.once.first() { log.withLock { $0.active -= 1 } }
    }

    private func send(_ connection: Connection, _ data: Data) {
        responseStarted(connection)
        let client = connection.fd
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = sendBytes(client, raw.baseAddress! + offset, raw.count - offset, noSignal)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    private func head(_ status: String, _ headers: [String] = [], length: Int?) -> Data {
        var lines = ["HTTP/1.1 \(status)", "Connection: close"] + headers
        if let length { lines.append("Content-Length: \(length)") }
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    private func respond(to path: String, attempt: Int, headers: [String: String], _ client: Connection) {
        let route = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        let parts = route.split(separator: "/").map(String.init)
        switch parts.first ?? "" {
        case "gate":  // /gate/<name>: the image once the test opens the gate
            waitForGate(parts.last ?? "")
            send(client, head("200 OK", ["Content-Type: image/png"], length: png.count) + png)
        case "etag", "lastmod", "fresh", "no-store":  // /<kind>/<name>: cacheable variants of the image
            let etag = "\"v1-\(parts.last ?? "")\""
            let modified = "Tue, 03 Nov 2026 10:00:00 GMT"
            let policy = [
                "etag": ["ETag: \(etag)", "Cache-Control: no-cache"],
                "lastmod": ["Last-Modified: \(modified)", "Cache-Control: max-age=0"],
                "fresh": ["ETag: \(etag)", "Cache-Control: max-age=3600"],
                "no-store": ["ETag: \(etag)", "Cache-Control: no-store"]
            ][parts[0]]!
            if headers["if-none-match"] == etag || (parts[0] == "lastmod" && headers["if-modified-since"] == modified) {
                notModified.withLock { $0 += 1 }
                send(client, head("304 Not Modified", policy, length: nil))
            } else {
                send(client, head("200 OK", ["Content-Type: image/png"] + policy, length: png.count) + png)
            }
        case "echo-headers":  // every request header as "name: value" lines (names lowercased, sorted)
            let body = Data(headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\n" }.joined().utf8)
            send(client, head("200 OK", ["Content-Type: text/plain"], length: body.count) + body)
        case "auth":  // /auth/<token>/<name>: the image for "Authorization: Bearer <token>", else 401
            if parts.count > 1, headers["authorization"] == "Bearer \(parts[1])" {
                send(client, head("200 OK", ["Content-Type: image/png"], length: png.count) + png)
            } else {
                send(client, head("401 Unauthorized", length: 0))
            }
        case "echo-accept":  // the request's Accept header as the body
            let body = Data((headers["accept"] ?? "").utf8)
            send(client, head("200 OK", ["Content-Type: text/plain"], length: body.count) + body)
        case "ok.png":
            send(client, head("200 OK", ["Content-Type: image/png"], length: png.count) + png)
        case "together":  // /together/<n>/<name>: the image once n of these are in flight at once
            waitForCompany(size: max(1, Int(parts.count > 1 ? parts[1] : "1") ?? 1))
            send(client, head("200 OK", ["Content-Type: image/png"], length: png.count) + png)
        case "wrong-type.png":
            send(client, head("200 OK", ["Content-Type: text/html"], length: png.count) + png)
        case "status":
            let code = parts.count > 1 ? parts[1] : "500"
            let extra = code == "429" || code == "503" ? ["Retry-After: 1"] : []
            send(client, head("\(code) Scripted", extra, length: 5) + Data("nope\n".utf8))
        case "flaky":  // /flaky/<failures>/<name>: 503 that many times, then the image
            let failures = Int(parts.count > 1 ? parts[1] : "1") ?? 1
            if attempt <= failures {
                send(client, head("503 Service Unavailable", length: 0))
            } else {
                send(client, head("200 OK", ["Content-Type: image/png"], length: png.count) + png)
            }
        case "slow-headers":  // nothing until the client gives up; the image only after `gateCeiling`
            if !clientHangsUp(client) { send(client, head("200 OK", length: png.count) + png) }
        case "slow-body":  // the head and a tenth of the body, the rest only after `gateCeiling`
            let tenth = max(1, png.count / 10)
            send(client, head("200 OK", length: png.count) + png.prefix(tenth))
            if !clientHangsUp(client) { send(client, png.dropFirst(tenth)) }
        case "truncated":
            send(client, head("200 OK", length: png.count) + png.prefix(png.count / 3))
        case "garbage":
            send(client, head("200 OK", ["Content-Type: image/png"], length: 4096) + Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        case "redirect":  // /redirect/<n>: n hops, then the image; /redirect?to=<url>: there
            let hops = Int(parts.count > 1 ? parts[1] : "0") ?? 0
            let next = Self.query(path, "to") ?? (hops <= 0 ? "/ok.png" : "/redirect/\(hops - 1)")
            send(client, head("302 Found", ["Location: \(next)"], length: 0))
        case "photo.jpg", "other.jpg":  // an opaque 96×64 JPEG; other.jpg fresh for an hour
            let fresh = parts[0] == "other.jpg" ? ["Cache-Control: max-age=3600"] : []
            send(client, head("200 OK", ["Content-Type: image/jpeg"] + fresh, length: Self.photo.count) + Self.photo)
        case "alpha.png":  // a translucent 40×40 PNG
            send(client, head("200 OK", ["Content-Type: image/png"], length: Self.alpha.count) + Self.alpha)
        case "loop":
            send(client, head("302 Found", ["Location: /loop"], length: 0))
        case "to-file":
            send(client, head("302 Found", ["Location: file:///etc/passwd"], length: 0))
        case "huge":
            send(client, head("200 OK", length: 1 << 30))
            send(client, Data(count: 1 << 16))
        case "endless":
            send(client, Data("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8))
            let chunk = Data(count: 1 << 16)
            for _ in 0..<4096 { send(client, chunk) }  // 256 MB unless the client hangs up first
        case "gzip.png":
            var compressed = Data(count: png.count + 1024)
            let size = compressed.withUnsafeMutableBytes { out in
                png.withUnsafeBytes { input -> Int in
                    let compressor = libdeflate_alloc_compressor(6)
                    defer { libdeflate_free_compressor(compressor) }
                    return libdeflate_gzip_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
                }
            }
            send(client, head("200 OK", ["Content-Type: image/png", "Content-Encoding: gzip"], length: size) + compressed.prefix(size))
        default:
            send(client, head("404 Not Found", length: 0))
        }
    }
}

extension LoopbackServer {
    /// `/photo.jpg`: an opaque 96×64 gradient.
    public static let photo = try! JPEGCodec().encode(TestImages.gradient(96, 64))
    /// `/alpha.png`: 40×40, translucent blue.
    public static let alpha = try! PNGCodec.encode(Bitmap(width: 40, height: 40, fill: Color(red: 0, green: 0, blue: 255, alpha: 128)))

    /// The percent-decoded value of `name` in the query of `path`.
    static func query(_ path: String, _ name: String) -> String? {
        URLComponents(string: path)?.queryItems?.first { $0.name == name }?.value
    }
}

/// True the first time only.
private final class Once: Sendable {
    private let fresh = Locked(true)
    public func first() -> Bool {
        fresh.withLock { value in
            defer { value = false }
            return value
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate var containsHeaderEnd: Bool {
        guard count >= 4 else { return false }
        for i in 0...(count - 4) where self[i] == 13 && self[i + 1] == 10 && self[i + 2] == 13 && self[i + 3] == 10 { return true }
        return false
    }
}
