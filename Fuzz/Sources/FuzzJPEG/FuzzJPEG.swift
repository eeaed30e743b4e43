import FuzzSupport
@_spi(Fuzzing) import VignetteCore

/// libFuzzer entry point: JPEG (libjpeg-turbo through the CJPEG shim), shrink-on-load and EXIF orientation included.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzInput.data(bytes, count)
    CodecFuzzing.parsesHeader(data, as: .jpeg)
    DecoderHarness.run(FuzzInput.decoder(.jpeg), data)
    return 0
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
