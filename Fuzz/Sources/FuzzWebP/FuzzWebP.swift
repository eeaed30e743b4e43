import FuzzSupport
@_spi(Fuzzing) import VignetteCore

/// libFuzzer entry point: WebP (libwebp and its demuxer through the CWebP shim: still, animated, ICCP, EXIF; every frame through WebPAnimDecoder).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzInput.data(bytes, count)
    CodecFuzzing.parsesHeader(data, as: .webp)
    DecoderHarness.run(FuzzInput.decoder(.webp), data)
    AnimationHarness.run(FuzzInput.animatedDecoder(.webp), data)
    return 0
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
