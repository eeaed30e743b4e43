import Foundation
import FuzzSupport
@_spi(Fuzzing) import Vignette

/// libFuzzer entry point: a raw HTTP response header block, one line at a
/// time as libcurl delivers it, through the loader's header collector,
/// then what the loader and the disk cache make of the result: the cache
/// metadata (and after a 304 with the same headers), `Retry-After`, and a
/// disk-cache entry carrying that metadata, which must read back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let lines = TextInput.lines(FuzzInput.data(bytes, count))
    let headers = withRawLines(lines) { FuzzingEntryPoints.responseHeaders(lines: $0) }
    if let retry = headers["retry-after"] {
        _ = FuzzingEntryPoints.headerValue(retry, now: TextInput.now)
    }
    guard let metadata = CacheMetadata(response: headers, receivedAt: TextInput.now) else { return 0 }
    if let fresh = metadata.freshUntil, fresh < TextInput.now {
        FuzzInput.fail("fresh until \(fresh), before the response was received")
    }
    _ = metadata.isFresh(at: TextInput.now)
    _ = metadata.revalidated(with: headers, at: TextInput.now.addingTimeInterval(60))
    let entry = DiskCacheEntry(key: "https://example.com/a.png", data: Data([1, 2, 3]), metadata: metadata)
    let stored = entry.serialized()
    guard let read = try? DiskCacheEntry(serialized: stored, key: entry.key) else {
        FuzzInput.fail("an entry with these headers' metadata does not read back")
    }
    guard read.serialized() == stored else { FuzzInput.fail("an entry changes when written again") }
    return 0
}

/// Calls `body` with every line as a raw buffer, as libcurl would pass it.
private func withRawLines<R>(_ lines: [Data], _ body: ([UnsafeRawBufferPointer]) -> R) -> R {
    let copies = lines.map { [UInt8]($0) }
    var pointers: [UnsafeRawBufferPointer] = []
    var storage: [UnsafeMutableRawBufferPointer] = []
    defer { for buffer in storage { buffer.deallocate() } }
    for copy in copies {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(copy.count, 1), alignment: 1)
        buffer.copyBytes(from: copy)
        storage.append(buffer)
        pointers.append(UnsafeRawBufferPointer(rebasing: buffer[0..<copy.count]))
    }
    return body(pointers)
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
