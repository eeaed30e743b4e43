/// What a decoder reads before the steps every format shares: straight-alpha
/// RGBA8 pixels as stored, with the file's colour profile and orientation.
/// `bitmap(options:)` finishes it: colours to sRGB (when a profile is
/// embedded), premultiplied alpha, then the orientation turned upright.
package struct DecodedImage: Sendable {
    /// Width in pixels, as stored (before orientation).
    package var width: Int
    /// Height in pixels, as stored.
    package var height: Int
    /// Straight-alpha RGBA8, row-major, `width * height * 4` bytes.
    package var rgba: [UInt8]
    /// False when every alpha byte is 255 (no premultiplication pass needed).
    package var hasAlpha: Bool
    /// The ICC profile the colours are in: the embedded one, or one built
    /// from CICP code points (AVIF); nil for sRGB.
    package var iccProfile: [UInt8]?
    /// The EXIF orientation, `.up` when absent.
    package var orientation: EXIFOrientation
    /// The factor the decoder shrank by on load (1 when it did not).
    package var reduction: Int
    /// What the decoder repaired to give these pixels.
    package var warnings: [DecodingWarning] = []

    package init(
        width: Int, height: Int, rgba: [UInt8], hasAlpha: Bool, iccProfile: [UInt8]? = nil,
        orientation: EXIFOrientation = .up, reduction: Int = 1
    ) {
        self.width = width
        self.height = height
        self.rgba = rgba
        self.hasAlpha = hasAlpha
        self.iccProfile = iccProfile
        self.orientation = orientation
        self.reduction = reduction
    }

    /// The finished bitmap. Its scale is `options.scale / reduction`, so a
    /// shrunk decode keeps the size in points of a full one. With
    /// `options.convertsToSRGB` an embedded profile converts the straight
    /// colours to sRGB first (`ColorProfile`; an unusable profile leaves
    /// them as stored). Consuming, so the pixels are finished in place
    /// rather than copied.
    package consuming func bitmap(options: DecodingOptions) -> Bitmap {
        var pixels = rgba
        rgba = []
        if options.convertsToSRGB, let iccProfile {
            ColorProfile(bytes: iccProfile).convertToSRGB(&pixels, width: width, height: height)
        }
        var bitmap = Bitmap(trustedWidth: width, height: height, scale: options.scale / Double(reduction), pixels: pixels)
        if hasAlpha { bitmap.premultiplyInPlace() }
        return options.appliesOrientation ? bitmap.oriented(orientation) : bitmap
    }
}
