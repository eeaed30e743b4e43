import FuzzSupport
import VignetteCore

/// libFuzzer entry point: WebP (libwebp and its demuxer through the CWebP shim: still, animated, ICCP, EXIF).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzInput.data(bytes, count)
    _ = try? WebPCodec.header(of: data)
    DecoderHarness.run(WebPCodec(), data)
    return 0
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
