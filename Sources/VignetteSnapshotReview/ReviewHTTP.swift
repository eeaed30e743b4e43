import Foundation

/// One HTTP/1.1 request head (the review page sends no body).
struct HTTPRequest {
    static let maxHeadSize = 16 << 10

    var method: String
    var path: String
    var query: [String: String]
    /// Names lowercased.
    var headers: [String: String]

    /// Reads a head from the connection; nil when it is malformed, too large or late.
    static func read(_ connection: Int32) -> HTTPRequest? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < maxHeadSize {
            let n = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            bytes.append(contentsOf: chunk[0..<n])
            if let end = headEnd(bytes) { return parse(String(decoding: bytes[0..<end], as: UTF8.self)) }
        }
        return nil
    }

    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i
        }
        return nil
    }

    static func parse(_ head: String) -> HTTPRequest? {
        let lines = head.components(separatedBy: "\r\n")
        let start = lines[0].split(separator: " ")
        guard start.count == 3, start[2].hasPrefix("HTTP/1.") else { return nil }
        let target = start[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let path = target.first.flatMap({ String($0).removingPercentEncoding }), path.hasPrefix("/") else { return nil }
        var query: [String: String] = [:]
        if target.count == 2 {
            for pair in target[1].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let decode = { (text: Substring) in String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
                if parts.count == 2, let name = decode(parts[0]), let value = decode(parts[1]) { query[name] = value }
            }
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPRequest(method: String(start[0]), path: path, query: query, headers: headers)
    }
}

/// One response, sent whole with `Connection: close`.
struct HTTPResponse {
    var status: Int
    var type: String
    var body: Data

    static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, type: "text/plain; charset=utf-8", body: Data((text + "\n").utf8))
    }

    static func html(_ page: String) -> HTTPResponse {
        HTTPResponse(status: 200, type: "text/html; charset=utf-8", body: Data(page.utf8))
    }

    static func json(_ value: some Encodable, status: Int = 200) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return HTTPResponse(status: status, type: "application/json", body: body)
    }

    static let reasons = [
        200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        409: "Conflict", 421: "Misdirected Request", 500: "Internal Server Error"
    ]

    #if os(Linux)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        // Darwin: the socket has SO_NOSIGPIPE instead (ReviewServer.respond).
        private static let sendFlags: Int32 = 0
    #endif

    func send(_ connection: Int32) {
        let head =
            "HTTP/1.1 \(status) \(Self.reasons[status] ?? "Status")\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        var bytes = Data(head.utf8)
        bytes.append(body)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.send(connection, raw.baseAddress! + offset, raw.count - offset, Self.sendFlags)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                offset += n
            }
        }
    }
}
