import Foundation

/// What `vignette info` and the server's `GET /info` report about an image:
/// its format, size and orientation, alpha, animation, colour profile and
/// bit depth from the headers, and — from its decoded pixels — a dominant
/// colour, a BlurHash and a ThumbHash.
///
/// ```swift
/// let info = try ImageInfo.read(Data(contentsOf: URL(fileURLWithPath: "photo.jpg")))
/// print(info.orientedWidth, info.orientedHeight, info.blurhash)
/// print(info.json())  // {"format": "jpeg", "width": 768, …}
/// ```
public struct ImageInfo: Sendable, Hashable {
    /// The format the bytes were recognised as (`png`, `jpeg`, …).
    public var format: ImageFormat
    /// Width in pixels as stored, before the orientation is applied.
    public var width: Int
    /// Height in pixels as stored.
    public var height: Int
    /// Width once the orientation is applied (what a render sees).
    public var orientedWidth: Int
    /// Height once the orientation is applied.
    public var orientedHeight: Int
    /// The EXIF orientation 1–8 (1 when the file has none; an AVIF's
    /// `irot`/`imir` as their EXIF equivalent).
    public var orientation: Int
    /// The file stores alpha (an alpha channel, a `tRNS` chunk, a GIF
    /// transparent index).
    public var hasAlpha: Bool
    /// Frames in the file: 1 for a still image.
    public var frameCount: Int
    /// The sum of the frame durations in milliseconds: 0 for a still image.
    public var durationMilliseconds: Int
    /// How many times an animation plays (0: forever); nil for a still image.
    public var loopCount: Int?
    /// The embedded ICC profile's description (lcms2), nil when there is
    /// none, it has no description or lcms2 cannot read it.
    public var iccProfile: String?
    /// Bits per sample as stored (PNG 1–16, JPEG 8 or 12, AVIF 8–12, WebP and GIF 8).
    public var bitDepth: Int
    /// The dominant colour as `#RRGGBB` (see `dominantColor(of:)`), nil
    /// when every pixel is transparent.
    public var dominantColor: String?
    /// A 4×3 BlurHash of the oriented full-resolution pixels.
    public var blurhash: String
    /// The ThumbHash (standard base64) of the oriented pixels fitted within 100×100.
    public var thumbhash: String
    /// An SVG's `viewBox` (`minX minY width height`), nil for bitmaps or an SVG without one.
    public var viewBox: String?
    /// The elements of an SVG that are not drawn (`text`, `filter`, …, and
    /// `image logo.png` for an image it does not read); empty for bitmaps.
    public var skippedElements: [String] = []
    /// The font families an SVG's text asks for (`font-family`, generic names left out); empty for bitmaps.
    public var fontFamilies: [String] = []
    /// Those the decoder's fonts do not have: that text is drawn in the first family and the fallback chain; empty for bitmaps.
    public var missingFontFamilies: [String] = []

    /// Reads `data`'s headers and decodes its pixels (within `options`'
    /// limits, oriented and converted to sRGB) for the colour and hashes.
    /// Decoding errors are the decoders' own.
    public static func read(
        _ data: Data, decoders: ImageDecoders = .standard, options: DecodingOptions = DecodingOptions()
    ) throws(ImageDecoders.Error) -> ImageInfo {
        guard let decoder = decoders.decoder(for: data) else {
            throw ImageDecoders.Error(format: nil, reason: .unrecognizedFormat(byteCount: data.count))
        }
        var upright = options
        upright.appliesOrientation = true
        upright.shrinkTarget = nil
        let bitmap = try decoder.decode(data, options: upright)
        let facts = HeaderFacts.read(data, format: decoder.format) ?? HeaderFacts(bitmap)
        let animation = try? decoders.animationHeader(for: data)
        let frames = max(1, animation?.frameCount ?? facts.frameCount)
        let swaps = facts.orientation.swapsDimensions
        // Both hashes exist for any bitmap a decoder returns (never empty).
        let blurhash = (try? BlurHash.encode(bitmap).string) ?? ""
        let thumbhash = (try? ThumbHash.encode(bitmap).string) ?? ""
        return ImageInfo(
            format: decoder.format, width: facts.width, height: facts.height,
            orientedWidth: swaps ? facts.height : facts.width, orientedHeight: swaps ? facts.width : facts.height,
            orientation: facts.orientation.rawValue, hasAlpha: facts.hasAlpha, frameCount: frames,
            durationMilliseconds: frames > 1 ? animation?.durationMilliseconds ?? 0 : 0,
            loopCount: frames > 1 ? animation?.loopCount : nil,
            iccProfile: facts.iccProfile.flatMap(ColorProfile.description(of:)), bitDepth: facts.bitDepth,
            dominantColor: dominantColor(of: bitmap).map(\.hexRGB), blurhash: blurhash, thumbhash: thumbhash
        ).describingVector(data, decoder: decoder)
    }

    /// An SVG's viewBox, skipped elements and font families; the info unchanged for any other format.
    private func describingVector(_ data: Data, decoder: any ImageDecoding) -> ImageInfo {
        let svg = decoder as? SVGDecoder
        guard let svg, let document = try? SVGDocument(data: data, limits: svg.limits, fonts: svg.fonts) else { return self }
        var info = self
        info.viewBox = document.viewBox.map { box in
            [box.origin.x, box.origin.y, box.size.width, box.size.height].map(Size.format).joined(separator: " ")
        }
        info.skippedElements = document.skippedElements
        (info.fontFamilies, info.missingFontFamilies) = (document.fontFamilies, document.missingFontFamilies)
        return info
    }
}

extension Color {
    /// `#RRGGBB`, upper-case hex, alpha left out.
    var hexRGB: String {
        let digits = Array("0123456789ABCDEF")
        var text = "#"
        for byte in [red, green, blue] {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return text
    }
}
