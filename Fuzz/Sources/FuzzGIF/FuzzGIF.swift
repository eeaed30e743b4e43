import FuzzSupport
@_spi(Fuzzing) import VignetteCore

/// libFuzzer entry point: GIF (giflib through the CGIF shim: first frame, record walk, every frame composed).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzInput.data(bytes, count)
    CodecFuzzing.parsesHeader(data, as: .gif)
    DecoderHarness.run(FuzzInput.decoder(.gif), data)
    AnimationHarness.run(FuzzInput.animatedDecoder(.gif), data)
    return 0
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
