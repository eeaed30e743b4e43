import Foundation
import VignetteCore

/// Reads an animated WebP's chunks for the encoder tests and composes the
/// frames of a lossless one without libwebp's demuxer: each ANMF's VP8L
/// bitstream is wrapped as a still file and decoded, then placed by its
/// offset, blend and dispose bits. Alpha is taken as all-or-nothing, which
/// is exact for the test animations (alpha 0 or 255 only).
struct WebPTestComposer {
    struct Frame {
        var rect: PixelRect
        var durationMilliseconds: Int
        var blends: Bool
        var disposesToBackground: Bool
        var chunks: [(String, [UInt8])]
    }

    var width = 0
    var height = 0
    var loopCount: Int?
    var frames: [Frame] = []

    init(_ data: Data) {
        for (fourcc, payload) in WebPEncodingTests.chunks(data) {
            switch fourcc {
            case "VP8X":
                width = Self.uint24(payload, 4) + 1
                height = Self.uint24(payload, 7) + 1
            case "ANIM": loopCount = Int(payload[4]) | Int(payload[5]) << 8
            case "ANMF":
                let (x, y) = (Self.uint24(payload, 0) * 2, Self.uint24(payload, 3) * 2)
                let rect = PixelRect(minX: x, minY: y, maxX: x + Self.uint24(payload, 6) + 1, maxY: y + Self.uint24(payload, 9) + 1)
                var inner = Data("RIFF....WEBP".utf8)
                inner.append(contentsOf: payload[16...])
                frames.append(
                    Frame(
                        rect: rect, durationMilliseconds: Self.uint24(payload, 12), blends: payload[15] & 2 == 0,
                        disposesToBackground: payload[15] & 1 != 0, chunks: WebPEncodingTests.chunks(inner)))
            default: break
            }
        }
    }

    static func uint24(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16
    }

    /// Every frame of a lossless animation as shown, premultiplied RGBA.
    func composed() throws -> [[UInt8]] {
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var shown: [[UInt8]] = []
        for frame in frames {
            guard frame.chunks.count == 1, frame.chunks[0].0 == "VP8L" else { throw WebPCodec.Error.unsupportedFeature }
            var file = Data("RIFF".utf8)
            let body = frame.chunks[0].1
            let size = 4 + 8 + body.count + (body.count & 1)
            file.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: size >> ($0 * 8)) })
            file.append(contentsOf: Array("WEBPVP8L".utf8))
            file.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: body.count >> ($0 * 8)) })
            file.append(contentsOf: body)
            if body.count & 1 == 1 { file.append(0) }
            let tile = try WebPCodec().decode(file, options: DecodingOptions())
            for y in 0..<tile.height {
                for x in 0..<tile.width {
                    let s = (y * tile.width + x) * 4
                    let d = ((frame.rect.minY + y) * width + frame.rect.minX + x) * 4
                    if frame.blends && tile.pixels[s + 3] == 0 { continue }
                    canvas[d..<d + 4] = tile.pixels[s..<s + 4]
                }
            }
            shown.append(canvas)
            if frame.disposesToBackground {
                for y in frame.rect.minY..<frame.rect.maxY {
                    for x in frame.rect.minX..<frame.rect.maxX { canvas[(y * width + x) * 4..<(y * width + x) * 4 + 4] = [0, 0, 0, 0] }
                }
            }
        }
        return shown
    }
}
