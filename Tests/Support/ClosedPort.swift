import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A 127.0.0.1 port that nothing listens on, for as long as the value lives:
/// a TCP socket bound to it that never listens, so every connection is
/// refused, and no port-0 listener, of this process or another, is given the
/// port meanwhile. "Nothing listens on port 1" is a guess about the machine;
/// this is a fact of the test.
public final class ClosedPort: Sendable {
    public let port: UInt16
    private let fd: Int32

    /// Holds `port`, or a free one the kernel picks (0); nil when it is taken.
    public init?(port: UInt16 = 0) {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { return nil }
        // As the listener had: the port may still have connections in TIME_WAIT.
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            close(fd)
            return nil
        }
        self.port = UInt16(bigEndian: address.sin_port)
        self.fd = fd
    }

    deinit { close(fd) }

    /// `http://127.0.0.1:<port><path>`.
    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }
}
