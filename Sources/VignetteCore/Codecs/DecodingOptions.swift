/// What a decode produces and the limits it must respect. Part of the
/// pipeline's decode key: two requests for one URL with different options
/// share the download, not the decoded image.
///
/// ```swift
/// // A 300×300 pt @2x aspectFill tile: a decoder may shrink on load (JPEG
/// // DCT scaling, WebP scaled decoding) as long as 600×600 stay covered.
/// let options = DecodingOptions(scale: 1, shrinkTarget: .init(size: PixelSize(width: 600, height: 600), contentMode: .aspectFill))
/// ```
public struct DecodingOptions: Sendable, Hashable {
    /// The scale (pixels per point) given to a full-size decode. A decoder
    /// that shrinks on load by a factor f gives the bitmap `scale / f`, so
    /// its size in points stays that of the full decode (within f pixels
    /// when a side is not a multiple of f: decoders round sides up).
    public var scale: Double
    /// The most pixels (`width * height`) a decode accepts, checked from the
    /// header before any pixel memory is allocated.
    public var maxPixelCount: Int
    /// The longest side (width or height, in pixels) a decode accepts,
    /// checked from the header with `maxPixelCount`. A 1,000,000 × 1 image
    /// passes a pixel limit yet stresses every row-sized buffer.
    public var maxSide: Int
    /// When set, the decoder may decode fewer pixels (by an integer factor)
    /// as long as the image still covers the target; nil decodes full size.
    public var shrinkTarget: ShrinkTarget?
    /// Apply the EXIF orientation, as iOS does before a view sees the image
    /// (the bitmap has the oriented size). Default true.
    public var appliesOrientation: Bool
    /// Convert an embedded ICC profile's colours to sRGB. Default true.
    public var convertsToSRGB: Bool
    /// Refuse damaged data a decoder could conceal (`ImageDecoders.Error.Reason.damagedData`)
    /// instead of decoding it as browsers show it, with a `DecodingWarning`.
    /// Default false (lenient). Truncated files and undefined header values
    /// are refused either way.
    public var rejectsDamagedData: Bool
    /// For a vector source (SVG): the colour its `currentColor` takes — a
    /// descriptor's tint. Bitmap decoders ignore it. Default nil (black).
    public var currentColor: Color?

    /// The default ceiling on decoded pixels (100 Mpx).
    @usableFromInline package static let defaultMaxPixelCount = 100_000_000
    /// The default longest side (65535 pixels: the most JPEG and GIF can
    /// state, four times what WebP can).
    @usableFromInline package static let defaultMaxSide = 65535

    /// Options; scale must be positive and finite (checked by decoders).
    public init(
        scale: Double = 1, maxPixelCount: Int = DecodingOptions.defaultMaxPixelCount,
        maxSide: Int = DecodingOptions.defaultMaxSide, shrinkTarget: ShrinkTarget? = nil,
        appliesOrientation: Bool = true, convertsToSRGB: Bool = true, rejectsDamagedData: Bool = false
    ) {
        self.scale = scale
        self.maxPixelCount = maxPixelCount
        self.maxSide = maxSide
        self.shrinkTarget = shrinkTarget
        self.appliesOrientation = appliesOrientation
        self.convertsToSRGB = convertsToSRGB
        self.rejectsDamagedData = rejectsDamagedData
    }

    /// The side limit in force (`maxSide` clamped to 1...2^31 − 1) when
    /// `width × height` breaks it; nil when both sides are within it.
    package func exceededSideLimit(width: Int, height: Int) -> Int? {
        let limit = min(max(1, maxSide), Int(Int32.max))
        return width > limit || height > limit ? limit : nil
    }

    /// Equal options, scales compared bit for bit (so a NaN scale equals
    /// itself and a key holding it can be found again).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.scale.bitPattern == rhs.scale.bitPattern && lhs.maxPixelCount == rhs.maxPixelCount
            && lhs.maxSide == rhs.maxSide && lhs.shrinkTarget == rhs.shrinkTarget
            && lhs.appliesOrientation == rhs.appliesOrientation
            && lhs.convertsToSRGB == rhs.convertsToSRGB && lhs.rejectsDamagedData == rhs.rejectsDamagedData
            && lhs.currentColor == rhs.currentColor
    }

    /// Hashes every field (the scale by its bits).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(scale.bitPattern)
        hasher.combine(maxPixelCount)
        hasher.combine(maxSide)
        hasher.combine(shrinkTarget)
        hasher.combine(appliesOrientation)
        hasher.combine(convertsToSRGB)
        hasher.combine(rejectsDamagedData)
        hasher.combine(currentColor)
    }
}
