import CLCMS

/// An ICC colour profile embedded in an image file, and the conversion of
/// the image's pixels from it to sRGB with lcms2 (Little CMS).
///
/// Decoders attach the profile they find (JPEG APP2, PNG iCCP, WebP ICCP,
/// AVIF `colr`); while `DecodingOptions.convertsToSRGB` is on (the default)
/// the straight-alpha pixels are converted before premultiplication, so a
/// Display P3 or Adobe RGB photo keeps its colours.
///
/// - Intent: relative colorimetric. In-gamut colours stay exact and
///   out-of-gamut ones clip (saturated Display P3 red becomes sRGB
///   255, 0, 0), as browsers show tagged images. Matrix-shaper profiles —
///   nearly every photo's — have no perceptual tables, so every intent
///   gives them the same pixels.
/// - RGB profiles go through an lcms2 RGB8 transform (alpha untouched);
///   grey profiles map R, G and B each through the grey tone curve (grey
///   decoded as R = G = B stays grey).
/// - A profile whose transform leaves every probe colour unchanged (every
///   grey, every level of each primary alone, a 16-level cube: an sRGB
///   profile) leaves the pixels untouched, so an sRGB-tagged image decodes
///   byte for byte like an untagged one.
/// - A profile that cannot be used — malformed, over 4 MiB, not RGB or grey
///   (CMYK, Lab), a device link, or one lcms2 builds no transform from —
///   never fails a decode: the pixels stay as stored and count as sRGB.
/// - Deterministic: lcms2 builds its tables once per transform (in floating
///   point), then converts 8-bit pixels in integer arithmetic (1.14 fixed
///   point for matrix-shaper profiles, integer interpolation for
///   table-based ones). Its optimisations stay on because they are what
///   makes that path integer: `cmsFLAGS_NOOPTIMIZE` would evaluate every
///   pixel in floating point, 15× slower and no steadier. Debug and release
///   builds link the same lcms2 and the shim does no arithmetic, so they give
///   the same bytes; lcms2's core has no CPU dispatch (its SIMD plug-in is
///   not used), so every x86-64 machine with the same lcms2 does too.
/// - Cost (one core): about 10 ms per megapixel for RGB profiles (768×512:
///   4 ms; 3072×2048: 62 ms), 1 ms/Mpx for grey; building a transform takes
///   ~3 ms, once per profile (recent profiles are cached).
///
/// ```swift
/// let data = try Data(contentsOf: URL(fileURLWithPath: "photo.png"))
/// let (header, stored) = try PNGCodec.decodeStraightRGBA(data)   // samples as stored
/// var pixels = stored
/// if let icc = PNGCodec.iccProfile(of: data) {
///     ColorProfile(bytes: icc).convertToSRGB(&pixels, width: header.width, height: header.height)
/// }
/// ```
package struct ColorProfile: Sendable, Hashable {
    /// The profile as embedded in the file.
    package var bytes: [UInt8]

    /// Profiles longer than this are ignored (4 MiB; real ones are 0.5–60 KiB
    /// for matrix-shaper profiles and rarely above 1 MiB for table-based ones).
    package static let maxByteCount = 4 << 20

    /// A profile from its bytes (not read until a conversion).
    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// What a conversion did. Every outcome but `converted` leaves the pixels as they were.
    package enum Conversion: Sendable, Hashable {
        /// The pixels now hold sRGB.
        case converted
        /// The profile maps every probe colour to itself: an sRGB profile.
        case alreadySRGB
        /// lcms2 could not read the profile (too short, bad header or tag table).
        case malformed
        /// Not an RGB or grey profile that describes images: its ICC colour
        /// space (e.g. "CMYK", "Lab") and device class (e.g. "prtr", or
        /// "link" for a device link) as read from the header.
        case unsupported(colorSpace: String, deviceClass: String)
        /// lcms2 read the profile but built no transform from it (e.g. a corrupt tag).
        case transformFailed
        /// Longer than `maxByteCount`.
        case tooLarge(byteCount: Int)
        /// Memory for the transform could not be obtained.
        case outOfMemory
    }

    /// Converts straight-alpha RGBA8 pixels (`width * height * 4` bytes,
    /// row-major) from this profile to sRGB in place; alpha is kept. Safe
    /// to call from any number of threads at once.
    @discardableResult
    package func convertToSRGB(_ rgba: inout [UInt8], width: Int, height: Int) -> Conversion {
        precondition(
            width >= 0 && height >= 0 && rgba.count == width * height * 4,
            "rgba must hold width * height * 4 bytes")
        guard bytes.count <= Self.maxByteCount else { return .tooLarge(byteCount: bytes.count) }
        switch prepared() {
        case .unchanged(let outcome):
            return outcome
        case .transform(let transform):
            if !rgba.isEmpty { transform.apply(&rgba, width: width, height: height) }
            return .converted
        }
    }

    /// Reads the profile and prepares its transform (no cache: `prepared()` keeps them).
    func prepare() -> Prepared {
        var result: Int32 = 0
        var report = vg_icc_report()
        let handle = bytes.withUnsafeBufferPointer { vg_icc_transform_create($0.baseAddress, $0.count, &result, &report) }
        if let handle { return .transform(ICCTransform(handle)) }
        switch Int(result) {
        case VG_ICC_IDENTITY: return .unchanged(.alreadySRGB)
        case VG_ICC_UNSUPPORTED:
            return .unchanged(.unsupported(colorSpace: Self.signature(report.color_space), deviceClass: Self.signature(report.device_class)))
        case VG_ICC_TRANSFORM_FAILED: return .unchanged(.transformFailed)
        case VG_ICC_OUT_OF_MEMORY: return .unchanged(.outOfMemory)
        default: return .unchanged(.malformed)
        }
    }

    /// A four-character ICC signature as text, trailing spaces dropped ("RGB ", "GRAY" → "RGB", "GRAY").
    static func signature(_ value: UInt32) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
        let text = String(decoding: bytes.map { (32...126).contains($0) ? $0 : 0x3F }, as: UTF8.self)
        return String(text.reversed().drop { $0 == " " }.reversed())
    }

    /// The lcms2 version linked in, e.g. "2.14".
    package static var lcms2Version: String {
        let encoded = Int(vg_icc_lcms_version())
        return "\(encoded / 1000).\(encoded % 1000 / 10)"
    }
}
