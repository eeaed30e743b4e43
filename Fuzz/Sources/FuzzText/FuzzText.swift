import Foundation
import FuzzSupport
import VignetteCore

/// libFuzzer entry point: any UTF-8 text (invalid bytes become U+FFFD) laid
/// out and drawn with the bundled font: bidi, grapheme clusters, line
/// breaking in a narrow box, an ellipsis, shrink-to-fit, letter spacing. The
/// first byte picks the box, the direction and the spacing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let bytes, count > 1 else { return 0 }
    let knobs = bytes[0]
    let string = String(decoding: UnsafeBufferPointer(start: bytes + 1, count: count - 1), as: UTF8.self)
    let direction: TextDirection = [.automatic, .leftToRight, .rightToLeft][Int(knobs % 3)]
    let style = TextStyle(size: 9, letterSpacing: Double(knobs >> 6) - 1, direction: direction)
    let width = knobs & 0x08 == 0 ? nil : Double(8 + Int(knobs & 0x30))
    let text = TextImage(
        string, style: style, width: width, maxLines: knobs & 0x04 == 0 ? nil : 3, minimumSize: knobs & 0x80 == 0 ? nil : 6)
    _ = try? text.bitmap(forScale: 1)
    return 0
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
