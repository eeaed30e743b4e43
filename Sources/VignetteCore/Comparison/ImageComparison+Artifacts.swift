extension ImageComparison {
    /// Differences highlighted over a faded, greyed reference: red where a
    /// pixel fails the tolerance, amber where it differs but passes. Nil when
    /// the sizes differ.
    public func diffImage(_ reference: Bitmap, _ actual: Bitmap) -> Bitmap? {
        guard reference.width == actual.width, reference.height == actual.height else { return nil }
        let threshold = Float(deltaEThreshold)
        var out = Bitmap(width: reference.width, height: reference.height, scale: reference.scale, fill: .white)
        reference.pixels.withUnsafeBytes { rBytes in
            actual.pixels.withUnsafeBytes { aBytes in
                out.pixels.withUnsafeMutableBufferPointer { o in
                    let r = rBytes.bindMemory(to: UInt32.self), a = aBytes.bindMemory(to: UInt32.self)
                    for i in 0..<r.count {
                        let p = r[i], q = a[i]
                        if p != q {
                            let fails = perceptualPrecision >= 1 || ImageComparison.difference(p, q) > threshold
                            o[i * 4] = fails ? 230 : 255
                            o[i * 4 + 1] = fails ? 0 : 170
                            o[i * 4 + 2] = fails ? 40 : 0
                        } else {
                            // Luma of the reference over white, faded to a quarter.
                            let alpha = UInt32(p >> 24)
                            let luma = (77 * (p & 0xFF) + 150 * ((p >> 8) & 0xFF) + 29 * ((p >> 16) & 0xFF)) >> 8
                            let over = luma + (255 - alpha)
                            o[i * 4] = UInt8(truncatingIfNeeded: 191 + over / 4)
                            o[i * 4 + 1] = o[i * 4]
                            o[i * 4 + 2] = o[i * 4]
                        }
                    }
                }
            }
        }
        return out
    }

    /// The most pixels a side-by-side sheet may have (100 Mpx, 400 MB), the
    /// renderer's surface limit: two long thin images side by side would
    /// otherwise ask for width × height of the two lengths.
    public static let maxArtifactPixelCount = 100_000_000

    /// The size of `sideBySide(reference, actual)`, computed without allocating.
    public static func sideBySideSize(_ reference: PixelSize, _ actual: PixelSize) -> (width: Int, height: Int) {
        let gutter = 8
        let panels = reference == actual ? [reference, actual, reference] : [reference, actual]
        return (panels.reduce(gutter) { $0 + $1.width + gutter }, (panels.map(\.height).max() ?? 0) + 2 * gutter)
    }

    /// Reference, actual and (when the sizes agree) the diff image side by
    /// side, each on a checkerboard so transparency shows. The sheet's size
    /// is checked against `maxPixelCount` before anything is allocated.
    public func sideBySide(
        _ reference: Bitmap, _ actual: Bitmap, maxPixelCount: Int = ImageComparison.maxArtifactPixelCount
    ) throws(ImageComparison.Error) -> Bitmap {
        let (width, height) = Self.sideBySideSize(PixelSize(width: reference.width, height: reference.height),
                                                  PixelSize(width: actual.width, height: actual.height))
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixelCount <= maxPixelCount else {
            throw .artifactTooLarge(name: "side-by-side", width: width, height: height, limit: maxPixelCount)
        }
        let panels = [reference, actual] + (diffImage(reference, actual).map { [$0] } ?? [])
        let gutter = 8
        var sheet = Bitmap(width: width, height: height, scale: reference.scale, fill: Color(red: 0x55, green: 0x55, blue: 0x55))
        var x = gutter
        for panel in panels {
            sheet.pixels.withUnsafeMutableBufferPointer { p in
                for row in 0..<panel.height {
                    for column in 0..<panel.width {
                        let shade: UInt8 = (row / 8 + column / 8) % 2 == 0 ? 255 : 0xDD
                        let i = ((gutter + row) * width + x + column) * 4
                        p[i] = shade; p[i + 1] = shade; p[i + 2] = shade; p[i + 3] = 255
                    }
                }
            }
            sheet.draw(panel, x: x, y: gutter)
            x += panel.width + gutter
        }
        return sheet
    }
}
