import FuzzSupport
@_spi(Fuzzing) import VignetteCore

/// libFuzzer entry point: HEIC (libheif through the CHeif shim and its own box reader).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzInput.data(bytes, count)
    CodecFuzzing.parsesHeader(data, as: .heic)
    DecoderHarness.run(FuzzInput.decoder(.heic), data)
    return 0
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
