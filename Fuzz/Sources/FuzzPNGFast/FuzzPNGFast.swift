import Foundation
import FuzzSupport
@_spi(Fuzzing) import VignetteCore

/// libFuzzer entry point: the Swift PNG fast path (libdeflate, in-place
/// unfiltering) against libpng. Chunk CRCs are repaired first, since the
/// fast path gives up on any bad one; files it does not take (not 8-bit
/// RGB/RGBA, interlaced, tRNS) are left to the libpng harness. When both
/// paths decode a file they must agree pixel for pixel.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = PNGChunks.repairingCRCs(FuzzInput.data(bytes, count))
    guard let header = CodecFuzzing.pngFastPathCandidate(data, maxSide: FuzzInput.maxSide) else { return 0 }
    let options = FuzzInput.options(selector: data.last ?? 0)
    guard let fast = CodecFuzzing.decodePNG(data, options: options, allowFastPath: true) else { return 0 }
    DecoderHarness.check(fast, options: options, format: .png)
    if let libpng = CodecFuzzing.decodePNG(data, options: options, allowFastPath: false), libpng != fast {
        FuzzInput.fail("fast path and libpng disagree on a \(header.width) × \(header.height) \(header.colorType)")
    }
    return 0
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
