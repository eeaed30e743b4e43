import Foundation
import FuzzSupport
import VignetteCore

/// libFuzzer entry point: SVG — the XML reader, the style sheet, path data
/// and the rasterizer, through the public API a server uses (the decoder
/// with a small target), under tight budgets so a run stays fast.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzInput.data(bytes, count)
    var limits = SVGDocument.Limits.standard
    limits.maxRenderedElements = 2_000
    limits.maxCoverageWork = 2_000_000
    limits.maxPathSegments = 20_000
    guard let document = try? SVGDocument(data: data, limits: limits) else { return 0 }
    let width = Int(min(64, max(1, document.size.width.isFinite ? document.size.width : 1)))
    let height = Int(min(64, max(1, document.size.height.isFinite ? document.size.height : 1)))
    _ = try? document.render(width: width, height: height, currentColor: Color(red: 10, green: 132, blue: 255))
    _ = try? SVGDecoder(limits: limits).decode(data, options: DecodingOptions(maxPixelCount: 4096))
    return 0
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
