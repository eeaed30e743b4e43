import Foundation
import VignetteCore

/// A made-up animated format for tests of everything above the codecs: a
/// 16-byte header says how many frames of what size, and the frames are
/// drawn from it (a gradient with a square that moves one step per frame),
/// so a header can announce a million frames in 16 bytes and limits can be
/// checked without a real codec.
///
/// Layout: `FLIPBOOK`, frames (UInt16 BE), width (UInt16 BE), height
/// (UInt16 BE), loop count (UInt8), frame duration in 10 ms (UInt8).
public struct FlipbookDecoder: AnimatedImageDecoding {
    /// The format's name, `flipbook`.
    public var format: ImageFormat { ImageFormat(rawValue: "flipbook") }

    /// Frames this decoder drew in `decodeAnimation`: 0 proves a refusal came before any.
    public let decodedFrames = Counter()

    public init() {}

    /// A file of `frames` frames of `width × height`.
    public static func file(frames: Int, width: Int, height: Int, loopCount: Int = 0, centiseconds: Int = 5) -> Data {
        var bytes = Array("FLIPBOOK".utf8)
        for value in [frames, width, height] { bytes += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        bytes += [UInt8(loopCount), UInt8(centiseconds)]
        return Data(bytes)
    }

    /// Frame `index` of a `width × height` flipbook.
    public static func frame(_ index: Int, width: Int, height: Int) -> Bitmap {
        let side = max(1, min(width, height) / 3)
        let x = (index * 3) % max(1, width - side + 1)
        return TestImages.withSquare(TestImages.gradient(width, height), at: x, height / 3, size: side)
    }

    public func recognizes(_ data: Data) -> Bool { data.count >= 16 && data.starts(with: Array("FLIPBOOK".utf8)) }

    public func animationHeader(_ data: Data) throws(ImageDecoders.Error) -> AnimationHeader {
        guard recognizes(data) else { throw ImageDecoders.Error(format: format, reason: .malformed("no FLIPBOOK header")) }
        let b = [UInt8](data)
        let frames = Int(b[8]) << 8 | Int(b[9])
        return AnimationHeader(
            width: Int(b[10]) << 8 | Int(b[11]), height: Int(b[12]) << 8 | Int(b[13]), frameCount: frames,
            loopCount: Int(b[14]), durationMilliseconds: frames * Int(b[15]) * 10)
    }

    public func decode(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> Bitmap {
        let header = try animationHeader(data)
        try checkCanvas(header, options: options)
        var bitmap = Self.frame(0, width: header.width, height: header.height)
        bitmap.scale = options.scale
        return bitmap
    }

    public func decodeAnimation(
        _ data: Data, options: DecodingOptions, limits: AnimationLimits
    ) throws(ImageDecoders.Error) -> AnimatedImage {
        let header = try animationHeader(data)
        try checkCanvas(header, options: options)
        try limits.check(header, format: format)
        let duration = header.frameCount == 0 ? 0 : header.durationMilliseconds / header.frameCount
        let frames = (0..<max(1, header.frameCount)).map { index in
            decodedFrames.increment()
            var bitmap = Self.frame(index, width: header.width, height: header.height)
            bitmap.scale = options.scale
            return AnimatedImage.Frame(bitmap: bitmap, durationMilliseconds: duration)
        }
        return try! AnimatedImage(frames: frames, loopCount: header.loopCount)
    }

    private func checkCanvas(_ header: AnimationHeader, options: DecodingOptions) throws(ImageDecoders.Error) {
        guard header.width > 0, header.height > 0 else {
            throw ImageDecoders.Error(format: format, reason: .malformed("empty canvas"))
        }
        if header.width * header.height > options.maxPixelCount {
            throw ImageDecoders.Error(
                format: format, reason: .tooLarge(width: header.width, height: header.height, limit: options.maxPixelCount))
        }
    }

    /// A thread-safe counter.
    public final class Counter: Sendable {
        private let value = Locked(0)
        /// The count so far.
        public var count: Int { value.withLock { $0 } }
        func increment() { value.withLock { $0 += 1 } }
    }
}
