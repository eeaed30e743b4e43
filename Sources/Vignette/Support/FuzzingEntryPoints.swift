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

    /// The `Cache-Control` directives as `CacheMetadata` reads them.
    public static func cacheControlDirectives(_ value: String) -> [String: String] {
        CacheMetadata.directives(value)
    }

    /// An HTTP date in any of its three forms, as seconds since 1970.
    public static func httpDate(_ text: String, relativeTo now: Date) -> Int64? {
        HTTPDate(text, relativeTo: now)?.secondsSince1970
    }

    /// The wait a `Retry-After` value asks for.
    public static func retryAfter(_ value: String, now: Date) -> Duration? {
        CurlTransfer.retryAfter(value, now: now)
    }
}
