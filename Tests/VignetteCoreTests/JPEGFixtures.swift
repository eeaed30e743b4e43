import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Fixture access and byte surgery for the JPEG tests (Fixtures/jpeg/, see its README).
enum JPEGFixtures {
    static func data(_ name: String) throws -> Data { try Fixtures.data("jpeg/\(name)") }

    /// Pillow's decode of a fixture, written by make_jpeg_fixtures.py (RGB as RGBA, alpha 255).
    static func reference(_ name: String) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        let (header, pixels) = try PNGCodec.decodeStraightRGBA(Fixtures.data("jpeg/reference/\(name)"))
        return (header.width, header.height, pixels)
    }

    /// The largest channel difference and where it is first reached, or nil when every pixel matches.
    static func firstDifference(_ actual: Bitmap, _ reference: (width: Int, height: Int, pixels: [UInt8])) -> String? {
        guard actual.width == reference.width, actual.height == reference.height else {
            return "size \(actual.width)x\(actual.height), reference \(reference.width)x\(reference.height)"
        }
        var worst = 0
        var at = 0
        for i in 0..<actual.pixels.count {
            let d = abs(Int(actual.pixels[i]) - Int(reference.pixels[i]))
            if d > worst { (worst, at) = (d, i) }
        }
        guard worst > 0 else { return nil }
        let pixel = at / 4
        return "channel \(at % 4) of pixel (\(pixel % actual.width), \(pixel / actual.width)) differs by \(worst)"
    }

    /// `jpeg` with one marker segment (`marker`, then `payload`) right after SOI.
    static func inserting(_ marker: UInt8, _ payload: [UInt8], into jpeg: Data) -> Data {
        let length = payload.count + 2
        var out = Data(jpeg.prefix(2))
        out.append(contentsOf: [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload)
        out.append(jpeg.dropFirst(2))
        return out
    }

    /// An APP1 Exif payload holding only the orientation tag (big-endian TIFF, one IFD entry).
    static func exifPayload(orientation: Int) -> [UInt8] {
        Array("Exif".utf8) + [0, 0] + [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]  // "MM", 42, IFD at 8
            + [0x00, 0x01]  // one entry
            + [0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0x00, UInt8(orientation), 0, 0]  // 0x0112 SHORT ×1
            + [0, 0, 0, 0]  // no next IFD
    }

    /// An APP2 ICC_PROFILE chunk payload: `sequence` of `count`, then `bytes`.
    static func iccChunk(_ sequence: Int, of count: Int, _ bytes: [UInt8]) -> [UInt8] {
        Array("ICC_PROFILE".utf8) + [0, UInt8(sequence), UInt8(count)] + bytes
    }

    /// Offset of the first SOFn marker (FF C0...CF except C4, C8, CC).
    static func startOfFrame(in bytes: [UInt8]) -> Int? {
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) { return i }
            i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
        }
        return nil
    }

    /// A copy whose frame header claims `width × height`.
    static func claiming(width: Int, height: Int, in jpeg: Data) throws -> Data {
        var bytes = [UInt8](jpeg)
        let sof = try #require(startOfFrame(in: bytes))
        bytes.replaceSubrange(sof + 5..<sof + 9, with: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
        return Data(bytes)
    }

    /// PSNR in dB over the colour channels of two same-sized opaque bitmaps.
    static func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
        var sum = 0.0
        var count = 0.0
        for i in 0..<a.pixels.count where i % 4 != 3 {
            let d = Double(a.pixels[i]) - Double(b.pixels[i])
            sum += d * d
            count += 1
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / count))
    }
}
