import Foundation
import FuzzSupport
import VignetteCore

/// libFuzzer entry point: a font file (TTF, OTF/CFF, TTC, WOFF) loaded by
/// HarfBuzz, then every face it yields matched, shaped and drawn — Latin,
/// Arabic, Hebrew and emoji text wrapped in a box with an ellipsis, bold
/// and italic (synthesised where the face has none), so outlines, colour
/// layers and bitmaps of a hostile font all run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let bytes, count > 0 else { return 0 }
    let data = Data(bytes: bytes, count: count)
    guard let faces = try? Font.faces(in: data, name: "fuzz") else { return 0 }
    let fonts = FontCollection(faces)
    for (string, style) in [
        ("Hamburgefonstiv ffi AV 0123", TextStyle(size: 14)),
        ("مرحبا بالعالم שלום 😀👍🏽", TextStyle(size: 11, weight: .bold, style: .italic))
    ] {
        _ = try? TextImage(string, style: style, width: 60, maxLines: 2, fonts: fonts).bitmap(forScale: 1)
    }
    return 0
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
