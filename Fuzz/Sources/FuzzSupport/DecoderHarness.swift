import Foundation
import VignetteCore

/// One decode of a fuzz input, and the promises every decoder makes about
/// a bitmap it returns: within the limits, the right byte count, a scale
/// that is positive and finite, and premultiplied pixels (no colour
/// component above its alpha). A broken promise aborts, so libFuzzer keeps
/// the input.
public enum DecoderHarness {
    /// Decodes `data` with options picked by its last byte and checks the
    /// result, and its warnings: of the decoder's format, and none when the
    /// options reject damaged data (a strict decode throws instead).
    public static func run(_ decoder: some ImageDecoding, _ data: Data) {
        let options = FuzzInput.options(selector: data.last ?? 0)
        _ = decoder.recognizes(data)
        guard let (bitmap, warnings) = try? decoder.decodeReporting(data, options: options) else { return }
        check(bitmap, options: options, format: decoder.format)
        for warning in warnings where warning.format != decoder.format || warning.occurrences < 1 || options.rejectsDamagedData {
            FuzzInput.fail("\(decoder.format.rawValue): warning \(warning) (strict: \(options.rejectsDamagedData))")
        }
    }

    /// The invariants of a decoded bitmap.
    public static func check(_ bitmap: Bitmap, options: DecodingOptions, format: ImageFormat) {
        let name = format.rawValue
        guard bitmap.width > 0, bitmap.height > 0,
            bitmap.width <= options.maxSide, bitmap.height <= options.maxSide,
            bitmap.width * bitmap.height <= options.maxPixelCount
        else {
            FuzzInput.fail("\(name): \(bitmap.width) × \(bitmap.height) breaks the limits")
        }
        guard bitmap.pixels.count == bitmap.width * bitmap.height * 4 else {
            FuzzInput.fail("\(name): \(bitmap.pixels.count) bytes for \(bitmap.width) × \(bitmap.height)")
        }
        guard bitmap.scale.isFinite, bitmap.scale > 0 else { FuzzInput.fail("\(name): scale \(bitmap.scale)") }
        bitmap.pixels.withUnsafeBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) where p[i] > p[i + 3] || p[i + 1] > p[i + 3] || p[i + 2] > p[i + 3] {
                FuzzInput.fail("\(name): pixel \(i / 4) is not premultiplied")
            }
        }
    }
}
