import CDeflate
import Foundation

/// APNG: every frame decoded through the PNG decoder (a PNG stream is built
/// per frame: IHDR with the frame's size, the file's PLTE, tRNS and other
/// chunks before the image data, the frame's IDAT or fdAT data as IDAT)
/// and composed exactly as the APNG specification says (`APNGComposer`:
/// dispose NONE / BACKGROUND / PREVIOUS, blend SOURCE / OVER in straight
/// alpha, each frame premultiplied once shown). The IDAT image is the first
/// frame only when an fcTL precedes it; otherwise it is the still fallback
/// `decode(_:options:)` keeps returning. `num_plays` is the loop count
/// (0 = forever); `delay_num / delay_den` seconds (den 0 = 1/100) are
/// rounded to milliseconds. Sequence numbers, frame rectangles (inside the
/// canvas; frame 0 the whole canvas when it is the IDAT image), op values
/// and the frame count of acTL are checked: a violation is `malformed`
/// naming it. An iCCP profile converts every frame to sRGB and an eXIf
/// orientation turns it, as for a still PNG. A PNG without acTL is one frame.
extension PNGCodec: AnimatedImageDecoding {
    /// The canvas, acTL's frame and play counts and the fcTL delays,
    /// from chunk headers alone.
    package func animationHeader(_ data: Data) throws(ImageDecoders.Error) -> AnimationHeader {
        do {
            let header = try PNGCodec.header(of: data)
            let apng = try APNGFile.parse(data)
            return apng?.header ?? AnimationHeader(width: header.width, height: header.height, frameCount: 1)
        } catch {
            throw ImageDecoders.Error(format: .png, reason: error.decodingReason(byteCount: data.count), underlying: error)
        }
    }

    /// Every frame, after the limits were checked from acTL and the canvas.
    package func decodeAnimation(
        _ data: Data, options: DecodingOptions, limits: AnimationLimits
    ) throws(ImageDecoders.Error) -> AnimatedImage {
        let wrap = { (error: PNGCodec.Error) in
            ImageDecoders.Error(format: .png, reason: error.decodingReason(byteCount: data.count), underlying: error)
        }
        let apng: APNGFile?
        do throws(PNGCodec.Error) {
            guard options.scale.isFinite, options.scale > 0 else { throw PNGCodec.Error.invalidScale(options.scale) }
            let header = try PNGCodec.header(of: data, maxSide: options.maxSide)
            let limit = min(options.maxPixelCount, Int(Int32.max))
            guard header.width.multipliedClamped(by: header.height) <= limit else {
                throw PNGCodec.Error.tooLarge(width: header.width, height: header.height, limit: limit)
            }
            apng = try APNGFile.parse(data)
        } catch {
            throw wrap(error)
        }
        guard let apng else { return AnimatedImage(still: try decode(data, options: options)) }
        try limits.check(apng.header, format: .png)
        do {
            return try PNGCodec.decodeFrames(apng, data: data, options: options)
        } catch {
            throw wrap(error)
        }
    }

    static func decodeFrames(_ apng: APNGFile, data: Data, options: DecodingOptions) throws(PNGCodec.Error) -> AnimatedImage {
        guard apng.frames.count == apng.frameCount else {
            throw .malformed(reason: "acTL announces \(apng.frameCount) frames, the file has \(apng.frames.count)")
        }
        let profile = options.convertsToSRGB ? iccProfile(of: data).map(ColorProfile.init(bytes:)) : nil
        let orientation = options.appliesOrientation ? orientation(of: data) ?? .up : .up
        var composer = APNGComposer(width: apng.width, height: apng.height)
        var frames: [AnimatedImage.Frame] = []
        for (index, frame) in apng.frames.enumerated() {
            let stream = data.withUnsafeBytes { frameStream(apng, frame: frame, file: $0) }
            var (header, pixels) = try decodeStraightRGBA(stream, maxPixelCount: Int(Int32.max), maxSide: Int(Int32.max))
            guard header.width == frame.rect.maxX - frame.rect.minX, header.height == frame.rect.maxY - frame.rect.minY else {
                throw .malformed(reason: "APNG frame \(index) decodes to \(header.width)x\(header.height), not its fcTL size")
            }
            _ = profile?.convertToSRGB(&pixels, width: header.width, height: header.height)
            let shown = composer.compose(pixels, rect: frame.rect, dispose: frame.dispose, blend: frame.blend, isFirst: index == 0)
            var bitmap = Bitmap(trustedWidth: apng.width, height: apng.height, scale: options.scale, pixels: shown)
            bitmap.premultiplyInPlace()
            frames.append(AnimatedImage.Frame(bitmap: bitmap.oriented(orientation), durationMilliseconds: frame.durationMilliseconds))
        }
        do {
            return try AnimatedImage(frames: frames, loopCount: apng.plays)
        } catch {
            throw .malformed(reason: error.description)
        }
    }

    /// A PNG file of one frame: the signature, IHDR with the frame's size,
    /// the shared chunks, the frame's data as one IDAT, IEND.
    static func frameStream(_ apng: APNGFile, frame: APNGFile.Frame, file: UnsafeRawBufferPointer) -> Data {
        var out = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = [UInt8](file[apng.ihdr])
        for (at, value) in [(0, frame.rect.maxX - frame.rect.minX), (4, frame.rect.maxY - frame.rect.minY)] {
            for byte in 0..<4 { ihdr[at + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte)) }
        }
        appendChunk("IHDR", ihdr, to: &out)
        for chunk in apng.sharedChunks { out.append(contentsOf: file[chunk]) }
        var idat: [UInt8] = []
        for range in frame.data { idat.append(contentsOf: file[range]) }
        appendChunk("IDAT", idat, to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    private static func appendChunk(_ type: String, _ payload: [UInt8], to out: inout Data) {
        let body = Array(type.utf8) + payload
        let crc = body.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
        for value in [UInt32(payload.count)] { out.append(contentsOf: withUnsafeBytes(of: value.bigEndian, Array.init)) }
        out.append(contentsOf: body)
        out.append(contentsOf: withUnsafeBytes(of: crc.bigEndian, Array.init))
    }
}
