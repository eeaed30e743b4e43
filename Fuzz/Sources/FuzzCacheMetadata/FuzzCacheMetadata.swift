import Foundation
import FuzzSupport
@_spi(Fuzzing) import Vignette

/// libFuzzer entry point: the values of the caching headers, one per line
/// (Cache-Control, Age, Date, Expires, Last-Modified, ETag, then a second
/// Cache-Control for a 304), through the Cache-Control directive parser,
/// the HTTP date parser (all three forms), `Retry-After` and
/// `CacheMetadata`'s freshness rules.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let values = TextInput.strings(FuzzInput.data(bytes, count))
    let names = ["cache-control", "age", "date", "expires", "last-modified", "etag"]
    var headers: [String: String] = [:]
    for (name, value) in zip(names, values) { headers[name] = value }
    for value in values {
        if let seconds = FuzzingEntryPoints.headerValue(value, now: TextInput.now).date,
            !(-62_135_596_800...253_402_300_800).contains(seconds)
        {  // years 1 to 9999
            FuzzInput.fail("\(value) parsed to \(seconds) s, outside years 1–9999")
        }
    }
    guard let metadata = CacheMetadata(response: headers, receivedAt: TextInput.now) else { return 0 }
    if let fresh = metadata.freshUntil, fresh < TextInput.now {
        FuzzInput.fail("fresh until \(fresh), before the response was received")
    }
    _ = metadata.isFresh(at: TextInput.now.addingTimeInterval(3600))
    let update = values.count > names.count ? ["cache-control": values[names.count]] : [:]
    _ = metadata.revalidated(with: update, at: TextInput.now.addingTimeInterval(60))
    return 0
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
