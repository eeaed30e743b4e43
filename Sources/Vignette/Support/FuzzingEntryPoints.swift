import Foundation

/// The internal parsers of HTTP responses, reachable by the libFuzzer
/// harnesses in `Fuzz/`: that is a separate package (so fuzz builds stay out
/// of the normal one), and a separate package sees no internal or `package`
/// API. Each entry point calls the code the loader runs, unchanged. Not
/// meant for applications, hence the SPI.
@_spi(Fuzzing)
public enum FuzzingEntryPoints {
    /// The response headers as `CurlTransfer` collects them, one raw line
    /// (CRLF included) at a time, exactly as libcurl's header callback delivers them.
    public static func responseHeaders(lines: [UnsafeRawBufferPointer]) -> [String: String] {
        var headers: [String: String] = [:]
        for line in lines { CurlTransfer.receiveHeaderLine(line, into: &headers) }
        return headers
    }

    /// One header value read each way the loader and the disk cache read
    /// one: as `Cache-Control` directives (as `CacheMetadata` reads them), as
    /// an HTTP date in any of its three forms (seconds since 1970, relative
    /// to `now` for two-digit years) and as the wait a `Retry-After` asks for.
    public static func headerValue(
        _ value: String, now: Date
    ) -> (directives: [String: String], date: Int64?, retryAfter: Duration?) {
        (CacheMetadata.directives(value), HTTPDate(value, relativeTo: now)?.secondsSince1970, CurlTransfer.retryAfter(value, now: now))
    }
}
