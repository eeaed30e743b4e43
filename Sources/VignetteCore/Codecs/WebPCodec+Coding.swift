import CWebP
import Foundation

extension WebPCodec {
    /// The shrink-on-load factors libwebp's scaled decoding is offered: any
    /// integer up to 8 (it scales to any size; beyond 8 the resampler does better).
    static let reductionFactors = Array(1...8)

    /// Decodes to straight RGBA with the file's profile and orientation, at
    /// the largest reduction `options.shrinkTarget` allows (picked on the
    /// oriented size; each side rounds up).
    static func decodeImage(_ data: Data, options: DecodingOptions) throws(WebPCodec.Error) -> DecodedImage {
        guard options.scale.isFinite, options.scale > 0 else { throw .invalidScale(options.scale) }
        // Whatever the caller allows, a decode never exceeds 2^31 pixels (8 GiB).
        let limit = min(max(0, options.maxPixelCount), Int(Int32.max))
        let header = try probe(data, limit: limit)
        if let side = options.exceededSideLimit(width: header.width, height: header.height) {
            throw .sideTooLong(width: header.width, height: header.height, limit: side)
        }
        let reduction = reduction(for: header, options: options)
        let width = (header.width + reduction - 1) / reduction
        let height = (header.height + reduction - 1) / reduction
        let count = width * height * 4
        var rc: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            rc = data.withUnsafeBytes { raw in
                vg_webp_decode_rgba8(
                    raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(limit),
                    UInt32(width), UInt32(height), buffer.baseAddress, count)
            }
            // On failure the array stays empty: no uninitialised memory is
            // exposed, and the pages a lying header asked for are never touched.
            initialized = Int(rc) == VG_WEBP_OK ? count : 0
        }
        try check(rc, data: data, width: header.width, height: header.height, limit: limit)
        // A lossless header's alpha_is_used bit is only a hint: the bitstream
        // may carry alpha anyway, so "opaque" is checked against the pixels
        // before premultiplication is skipped (found by fuzzing).
        let hasAlpha = header.hasAlpha || !allOpaque(pixels)
        return DecodedImage(
            width: width, height: height, rgba: pixels, hasAlpha: hasAlpha,
            iccProfile: header.iccProfile, orientation: header.orientation, reduction: reduction)
    }

    /// True when every alpha byte of straight RGBA pixels is 255.
    private static func allOpaque(_ rgba: [UInt8]) -> Bool {
        rgba.withUnsafeBufferPointer { p in
            stride(from: 3, to: p.count, by: 4).allSatisfy { p[$0] == 255 }
        }
    }

    /// The shrink-on-load factor: 1 without a target or when the first frame
    /// does not cover the canvas (it is then composited at full size).
    static func reduction(for header: Header, options: DecodingOptions) -> Int {
        guard let target = options.shrinkTarget, header.isScalable else { return 1 }
        let swaps = options.appliesOrientation && header.orientation.swapsDimensions
        return target.largestReduction(
            width: swaps ? header.height : header.width,
            height: swaps ? header.width : header.height, factors: reductionFactors)
    }

    /// Encodes a bitmap as WebP: lossy at `options.quality` or lossless.
    /// Opaque bitmaps carry no alpha; the same bitmap always gives the same bytes.
    package static func encode(_ bitmap: Bitmap, options: EncodingOptions = .default) throws(WebPCodec.Error) -> Data {
        let opaque = bitmap.isOpaque
        // Opaque premultiplied pixels are already straight: no conversion copy.
        let rgba = opaque ? bitmap.pixels : bitmap.straightRGBA()
        let settings = vg_webp_encode_options(
            quality: Float(min(100, max(1, options.quality))),
            lossless: options.lossless ? 1 : 0)
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let fits = (1...16383).contains(bitmap.width) && (1...16383).contains(bitmap.height)
        let rc =
            fits
            ? rgba.withUnsafeBufferPointer { p in
                vg_webp_encode(
                    p.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), opaque ? 1 : 0,
                    settings, &output, &length)
            } : Int32(VG_WEBP_BAD_DIMENSION)
        defer { vg_webp_free(output) }
        try check(rc, data: Data(), width: bitmap.width, height: bitmap.height)
        guard let output else { throw .encodingFailed }
        return Data(bytes: output, count: length)
    }
}

extension WebPCodec: ImageDecoding, ImageEncoding {
    /// `.webp`.
    package var format: ImageFormat { .webp }

    /// True when the bytes start with `RIFF`, a length, then `WEBP`.
    package func recognizes(_ data: Data) -> Bool {
        data.count >= 12 && data.starts(with: Array("RIFF".utf8))
            && data.dropFirst(8).starts(with: Array("WEBP".utf8))
    }

    /// Decodes the image (an animation's first frame), reporting errors as
    /// `ImageDecoders.Error` with the `WebPCodec.Error` underneath.
    package func decode(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> Bitmap {
        do {
            return try WebPCodec.decodeImage(data, options: options).bitmap(options: options)
        } catch {
            throw ImageDecoders.Error(format: .webp, reason: error.decodingReason, underlying: error)
        }
    }

    /// Encodes with this codec's `options`.
    package func encode(_ bitmap: Bitmap) throws(VignetteCore.EncodingOptions.Error) -> Data {
        do {
            return try WebPCodec.encode(bitmap, options: options)
        } catch {
            throw VignetteCore.EncodingOptions.Error(format: .webp, reason: error.encodingReason)
        }
    }
}
