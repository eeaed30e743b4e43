import CPNG
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// The direct PNG writer (images over 16 KiB of rows) gives libpng's bytes:
/// photos, noise and flat images, RGB and RGBA, every setting the presets
/// and the tests use, widths that leave every tail of the 16-byte steps, and
/// a drawing's rows of zeros and rows equal to the one above.
@Suite struct PNGDirectEncoderTests {
    static let settings: [PNGCodec.EncodingOptions] = [
        .default, .smallest, .fastest, PNGCodec.EncodingOptions(level: 2),
        PNGCodec.EncodingOptions(level: 6, strategy: .rle, filters: .paeth),
        PNGCodec.EncodingOptions(level: 6, strategy: .filtered, filters: [.up, .average]),
        PNGCodec.EncodingOptions(level: 0, strategy: .huffmanOnly, filters: [.sub, .up, .average, .paeth])
    ]

    static func images() throws -> [(String, Bitmap)] {
        let photo = try TestImages.photo("parrots")
        var images = [("photo", photo), ("noisy photo", TestImages.noisy(photo)), ("gradient", TestImages.gradient(301, 77))]
        images.append(("solid", TestImages.solid(129, 130)))
        var translucent = TestImages.gradient(97, 200)
        translucent.pixels.withUnsafeMutableBufferPointer { pixels in
            for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = UInt8(index % 251) }
        }
        images.append(("translucent", translucent))
        // Like a drawing: rows of zeros, rows equal to the one above (some of them zeros after colour), a gradient between.
        var drawing = TestImages.gradient(300, 120)
        drawing.pixels.withUnsafeMutableBufferPointer { pixels in
            let row = 300 * 4
            for y in 0..<120 where y < 20 || (40..<70).contains(y) || y >= 110 {
                for x in 0..<row { pixels[y * row + x] = y < 20 || y >= 110 ? 0 : pixels[40 * row + x] }
            }
        }
        images.append(("drawing", drawing))
        for width in [6, 17, 33, 100] { images.append(("noise \(width)", TestImages.noisy(TestImages.solid(width, 16_384 / width + 1)))) }
        return images
    }

    @Test(arguments: settings.indices) func theDirectWriterGivesLibpngsBytes(_ setting: Int) throws {
        let options = Self.settings[setting]
        let cOptions = vg_png_encode_options(
            level: Int32(options.level), strategy: options.strategy.zlibValue, filters: options.filters.libpngMask)
        for (name, image) in try Self.images() {
            for channels: Int32 in [3, 4] {
                let rows = image.pixels.count / 4 * Int(channels) + image.height
                #expect(rows > 16_384, "\(name) is small enough for libpng's own path")
                let (direct, reference) = image.pixels.withUnsafeBufferPointer { p in
                    (encode(p, image, channels, cOptions, libpng: false), encode(p, image, channels, cOptions, libpng: true))
                }
                #expect(direct != nil && direct == reference, "\(name), \(channels) channels, setting \(setting)")
            }
        }
    }

    private func encode(
        _ pixels: UnsafeBufferPointer<UInt8>, _ image: Bitmap, _ channels: Int32, _ options: vg_png_encode_options, libpng: Bool
    ) -> [UInt8]? {
        var buffer = vg_buffer()
        var message = [CChar](repeating: 0, count: 256)
        let (width, height) = (UInt32(image.width), UInt32(image.height))
        let rc =
            libpng
            ? vg_png_encode_libpng(pixels.baseAddress, width, height, 4, channels, options, &buffer, &message, message.count)
            : vg_png_encode(pixels.baseAddress, width, height, 4, channels, options, &buffer, &message, message.count)
        defer { vg_buffer_free(&buffer) }
        guard rc == 0, let data = buffer.data else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: buffer.length))
    }
}
