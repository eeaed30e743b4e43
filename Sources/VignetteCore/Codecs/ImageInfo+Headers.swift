import CLCMS
import Foundation

extension ImageInfo {
    /// The facts each format's header gives, read without decoding pixels.
    struct HeaderFacts {
        var width: Int
        var height: Int
        var orientation: EXIFOrientation = .up
        var hasAlpha: Bool
        var bitDepth = 8
        var iccProfile: [UInt8]?
        var frameCount = 1

        /// The facts of a decoded bitmap, for a format whose header Vignette
        /// does not read (a custom decoder): already upright, 8-bit.
        init(_ bitmap: Bitmap) {
            width = bitmap.width
            height = bitmap.height
            hasAlpha = !bitmap.isOpaque
        }

        init(width: Int, height: Int, hasAlpha: Bool) {
            self.width = width
            self.height = height
            self.hasAlpha = hasAlpha
        }

        /// The header's facts for Vignette's own formats; nil for others.
        static func read(_ data: Data, format: ImageFormat) -> HeaderFacts? {
            switch format {
            case .png: png(data)
            case .jpeg: jpeg(data)
            case .webp: webp(data)
            case .avif: avif(data)
            case .gif: gif(data)
            default: nil
            }
        }

        static func png(_ data: Data) -> HeaderFacts? {
            guard let header = try? PNGCodec.header(of: data) else { return nil }
            var facts = HeaderFacts(width: header.width, height: header.height, hasAlpha: header.hasAlpha)
            facts.bitDepth = header.bitDepth
            facts.orientation = PNGCodec.orientation(of: data) ?? .up
            facts.iccProfile = PNGCodec.iccProfile(of: data)
            return facts
        }

        static func jpeg(_ data: Data) -> HeaderFacts? {
            guard let header = try? JPEGCodec.header(of: data) else { return nil }
            var facts = HeaderFacts(width: header.width, height: header.height, hasAlpha: false)
            facts.bitDepth = header.precision
            facts.orientation = header.orientation
            facts.iccProfile = header.iccProfile
            return facts
        }

        static func webp(_ data: Data) -> HeaderFacts? {
            guard let header = try? WebPCodec.header(of: data) else { return nil }
            var facts = HeaderFacts(width: header.width, height: header.height, hasAlpha: header.hasAlpha)
            facts.orientation = header.orientation
            facts.iccProfile = header.iccProfile
            facts.frameCount = header.frameCount
            return facts
        }

        static func avif(_ data: Data) -> HeaderFacts? {
            guard let header = try? AVIFCodec.header(of: data) else { return nil }
            var facts = HeaderFacts(width: header.width, height: header.height, hasAlpha: header.hasAlpha)
            facts.bitDepth = header.bitDepth
            facts.orientation = header.orientation
            facts.iccProfile = header.iccProfile
            facts.frameCount = header.imageCount
            return facts
        }

        static func gif(_ data: Data) -> HeaderFacts? {
            guard let header = try? GIFCodec.header(of: data) else { return nil }
            return HeaderFacts(width: header.width, height: header.height, hasAlpha: header.transparentIndex != nil)
        }
    }
}

extension ColorProfile {
    /// An ICC profile's description as lcms2 reads it (`cmsInfoDescription`,
    /// en-US), nil when lcms2 cannot read the profile or it has none.
    static func description(of profile: [UInt8]) -> String? {
        var text = [CChar](repeating: 0, count: 512)
        let length = profile.withUnsafeBufferPointer { bytes in
            vg_icc_profile_description(bytes.baseAddress, bytes.count, &text, text.count)
        }
        guard length > 0 else { return nil }
        let trimmed = String(decoding: text.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
