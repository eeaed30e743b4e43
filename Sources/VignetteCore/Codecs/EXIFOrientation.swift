import Foundation

/// The EXIF orientation tag (0x0112): how the stored pixels must be turned
/// to stand upright. Decoders apply it by default (`DecodingOptions.appliesOrientation`).
public enum EXIFOrientation: Int, Sendable, Hashable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Rotated 180°.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the top-left to bottom-right diagonal.
    case leftMirrored = 5
    /// Stored turned 90° counter-clockwise: display turns it clockwise.
    case right = 6
    /// Mirrored along the top-right to bottom-left diagonal.
    case rightMirrored = 7
    /// Stored turned 90° clockwise: display turns it counter-clockwise.
    case left = 8

    /// True when displaying swaps width and height.
    package var swapsDimensions: Bool { rawValue >= 5 }

    /// The orientation in a TIFF-structured EXIF block (starting at the byte
    /// order mark `II`/`MM`, optionally after an `Exif\0\0` header), or nil
    /// when there is none or the block is malformed. Reads only within bounds.
    package static func parse(exif bytes: [UInt8]) -> EXIFOrientation? {
        var start = 0
        if bytes.count >= 6, bytes[0] == 0x45, bytes[1] == 0x78, bytes[2] == 0x69, bytes[3] == 0x66 { start = 6 }
        guard bytes.count >= start + 8 else { return nil }
        let little: Bool
        switch (bytes[start], bytes[start + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(start + 2) == 42, let ifd = u32(start + 4), let count = u16(start + ifd) else { return nil }
        for entry in 0..<min(count, 512) {
            let at = start + ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112, u16(at + 2) == 3, let value = u16(at + 8) { return EXIFOrientation(rawValue: value) }
        }
        return nil
    }
}

extension Bitmap {
    /// The bitmap turned upright for `orientation` (a new buffer; `.up`
    /// returns it unchanged). Width and height swap for orientations 5–8.
    package func oriented(_ orientation: EXIFOrientation) -> Bitmap {
        guard orientation != .up else { return self }
        let (w, h) = (width, height)
        let (outW, outH) = orientation.swapsDimensions ? (h, w) : (w, h)
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { target in
                let src = source.bindMemory(to: UInt32.self)
                let dst = target.bindMemory(to: UInt32.self)
                for y in 0..<outH {
                    for x in 0..<outW {
                        let (sx, sy) = Bitmap.sourcePoint(x, y, outW, outH, orientation)
                        dst[y * outW + x] = src[sy * w + sx]
                    }
                }
            }
        }
        return Bitmap(trustedWidth: outW, height: outH, scale: scale, pixels: out)
    }

    /// Which stored pixel lands at output (`x`, `y`) of an `outW × outH` result.
    @inline(__always)
    private static func sourcePoint(
        _ x: Int, _ y: Int, _ outW: Int, _ outH: Int,
        _ orientation: EXIFOrientation
    ) -> (Int, Int) {
        switch orientation {
        case .up: (x, y)
        case .upMirrored: (outW - 1 - x, y)
        case .down: (outW - 1 - x, outH - 1 - y)
        case .downMirrored: (x, outH - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (y, outW - 1 - x)
        case .rightMirrored: (outH - 1 - y, outW - 1 - x)
        case .left: (outH - 1 - y, x)
        }
    }
}
