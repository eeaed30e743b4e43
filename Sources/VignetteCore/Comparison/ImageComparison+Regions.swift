extension ImageComparison {
    /// A part of the image a comparison does not look at: its pixels never
    /// count as differing or failing, and the diff image hatches them blue.
    ///
    /// ```swift
    /// let clock = ImageComparison.IgnoredRegion.rect(Rect(x: 8, y: 4, width: 40, height: 12))  // points
    /// let comparison = ImageComparison(ignoring: [clock, .mask(badgeMask)])
    /// ```
    public enum IgnoredRegion: Sendable, Hashable {
        /// A rectangle in points of the surface, turned into pixels with the
        /// actual bitmap's scale (`compareStraightRGBA` has no scale: one
        /// point is one pixel there). Every pixel the rectangle touches is
        /// ignored (edges rounded outwards); what lies outside the image is
        /// clipped. A non-finite origin or a negative or non-finite size is
        /// an error (`Error.invalidIgnoredRect`), reported by the result.
        case rect(Rect)
        /// A bitmap of the images' pixel size: a pixel is ignored where the
        /// mask's alpha is not zero. Another size is an error
        /// (`Error.maskSizeMismatch`), reported by the result.
        case mask(Bitmap)
    }

    /// One flag per pixel: true where the comparison looks away.
    struct IgnoreMap {
        let width: Int
        var flags: [Bool]

        @inline(__always)
        func contains(_ x: Int, _ y: Int) -> Bool { flags[y * width + x] }
    }

    /// The ignored regions checked against an image size, without building the map.
    func validateIgnoredRegions(width: Int, height: Int) throws(ImageComparison.Error) {
        for region in ignoring {
            switch region {
            case .rect(let rect):
                let values = [rect.minX, rect.minY, rect.size.width, rect.size.height]
                guard values.allSatisfy(\.isFinite), rect.size.width >= 0, rect.size.height >= 0 else {
                    throw .invalidIgnoredRect(rect)
                }
            case .mask(let mask):
                guard mask.width == width, mask.height == height else {
                    throw .maskSizeMismatch(
                        mask: PixelSize(width: mask.width, height: mask.height),
                        image: PixelSize(width: width, height: height))
                }
            }
        }
    }

    /// The pixels to ignore for an image of this size and scale; nil when
    /// there are no regions. Call `validateIgnoredRegions` first.
    func ignoreMap(width: Int, height: Int, scale: Double) -> IgnoreMap? {
        guard !ignoring.isEmpty else { return nil }
        var map = IgnoreMap(width: width, flags: [Bool](repeating: false, count: width * height))
        let bounds = PixelRect(minX: 0, minY: 0, maxX: width, maxY: height)
        for region in ignoring {
            switch region {
            case .rect(let rect):
                let pixels = Self.pixelRect(covering: rect, scale: scale).intersection(bounds)
                guard !pixels.isEmpty else { continue }
                for y in pixels.minY..<pixels.maxY {
                    for x in pixels.minX..<pixels.maxX { map.flags[y * width + x] = true }
                }
            case .mask(let mask):
                mask.pixels.withUnsafeBufferPointer { p in
                    for i in 0..<min(map.flags.count, p.count / 4) where p[i * 4 + 3] != 0 { map.flags[i] = true }
                }
            }
        }
        return map
    }

    /// Every pixel a rectangle in points touches: edges × scale, rounded outwards.
    static func pixelRect(covering rect: Rect, scale: Double) -> PixelRect {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        func pixel(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
            let v = (value * scale).rounded(rule)
            return v.isNaN ? 0 : Int(max(-1e9, min(1e9, v)))
        }
        return PixelRect(
            minX: pixel(rect.minX, .down), minY: pixel(rect.minY, .down),
            maxX: pixel(rect.maxX, .up), maxY: pixel(rect.maxY, .up))
    }
}
