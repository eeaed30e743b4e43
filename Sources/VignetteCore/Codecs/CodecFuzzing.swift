import Foundation

/// The codecs' header parsers, reachable by the libFuzzer harnesses in
/// `Fuzz/`: that is a separate package, which sees no internal or `package`
/// API (the header structs are `package`). Each entry point calls the parser
/// the decoders run, unchanged. Not meant for applications, hence the SPI.
@_spi(Fuzzing)
public enum CodecFuzzing {
    /// Parses the header of `data` as `format`'s decoder does (PNG, JPEG,
    /// WebP, AVIF, GIF, HEIC; for a PNG also the eXIf orientation, as the
    /// decoder reads it); true when the header parsed, false when it threw
    /// or the format has no decoder here.
    @discardableResult
    public static func parsesHeader(_ data: Data, as format: ImageFormat) -> Bool {
        switch format {
        case .png: pngHeaderParses(data)
        case .jpeg: (try? JPEGCodec.header(of: data)) != nil
        case .webp: (try? WebPCodec.header(of: data)) != nil
        case .avif: (try? AVIFCodec.header(of: data)) != nil
        case .gif: (try? GIFCodec.header(of: data)) != nil
        case .heic: (try? HEIFCodec.header(of: data)) != nil
        default: false
        }
    }

    /// The size and colour type of a PNG whose header parses within
    /// `maxSide` and which the fast path decodes (8-bit, not interlaced,
    /// RGBA or RGB without alpha); nil for any other.
    public static func pngFastPathCandidate(_ data: Data, maxSide: Int) -> (width: Int, height: Int, colorType: String)? {
        guard let header = try? PNGCodec.header(of: data, maxSide: maxSide), PNGFastPath.applies(to: header) else { return nil }
        return (header.width, header.height, "\(header.colorType)")
    }

    /// Decodes a PNG as the standard decoder does, with the fast path
    /// (libdeflate, in-place unfiltering) allowed or not: the harnesses reach
    /// libpng with files the fast path would take, and compare both paths.
    public static func decodePNG(_ data: Data, options: DecodingOptions, allowFastPath: Bool) -> Bitmap? {
        try? PNGCodec.decode(data, options: options, allowFastPath: allowFastPath)
    }

    /// The PNG header, after the eXIf orientation (which the decoder reads
    /// apart from the header) went through its parser too.
    private static func pngHeaderParses(_ data: Data) -> Bool {
        _ = PNGCodec.orientation(of: data)
        return (try? PNGCodec.header(of: data)) != nil
    }
}
