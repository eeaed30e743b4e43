import FuzzSupport
@_spi(Fuzzing) import VignetteCore

/// libFuzzer entry point: AVIF (libavif through the CAVIF shim and its own box reader).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzInput.data(bytes, count)
    CodecFuzzing.parsesHeader(data, as: .avif)
    DecoderHarness.run(FuzzInput.decoder(.avif), data)
    return 0
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
