import Foundation
import FuzzSupport
@_spi(Fuzzing) import VignetteCore

/// libFuzzer entry point: every PNG through libpng (the CPNG shim, with
/// its chunk limits), the iCCP profile conversion and the eXIf
/// orientation, the fast path off. Chunk CRCs are repaired unless the
/// last byte's top bit is set, so libpng's own CRC handling is reached too.
/// APNG: the chunk walk, one PNG stream per frame and the composition.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let raw = FuzzInput.data(bytes, count)
    let data = (raw.last ?? 0) & 0x80 == 0 ? PNGChunks.repairingCRCs(raw) : raw
    CodecFuzzing.parsesHeader(data, as: .png)  // the header and the eXIf orientation
    AnimationHarness.run(FuzzInput.animatedDecoder(.png), data)
    let options = FuzzInput.options(selector: data.last ?? 0)
    guard let bitmap = CodecFuzzing.decodePNG(data, options: options, allowFastPath: false) else { return 0 }
    DecoderHarness.check(bitmap, options: options, format: .png)
    return 0
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
