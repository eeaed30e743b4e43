extension ImageComparison {
    /// The diff image's colours (opaque RGB).
    package enum DiffColors {
        /// A pixel beyond the tolerance: red.
        package static let failing = Color(red: 230, green: 0, blue: 40)
        /// A pixel that differs within the tolerance: orange.
        package static let withinTolerance = Color(red: 255, green: 140, blue: 0)
        /// A pixel beyond the tolerance that looks like anti-aliasing: yellow.
        package static let antiAliased = Color(red: 255, green: 230, blue: 0)
        /// Ignored regions: diagonal stripes of this blue…
        package static let ignored = Color(red: 40, green: 100, blue: 230)
        /// …and this light blue.
        package static let ignoredStripe = Color(red: 175, green: 200, blue: 245)
    }

    /// Differences highlighted over a faded, greyed reference: red where a
    /// pixel fails the tolerance, yellow where it is beyond it but looks like
    /// anti-aliasing (unless `.strict`), orange where it differs within the
    /// tolerance, blue stripes over ignored regions (see `DiffColors`). Nil
    /// when the sizes differ; invalid ignored regions are not drawn.
    package func diffImage(_ reference: Bitmap, _ actual: Bitmap) -> Bitmap? {
        let width = reference.width
        let height = reference.height
        guard width == actual.width, height == actual.height else { return nil }
        let threshold = Float(deltaEThreshold)
        let ignore =
            (try? validateIgnoredRegions(width: width, height: height)) == nil
            ? nil : ignoreMap(width: width, height: height, scale: actual.scale)
        var out = Bitmap(width: width, height: height, scale: reference.scale, fill: .white)
        reference.pixels.withUnsafeBytes { rBytes in
            actual.pixels.withUnsafeBytes { aBytes in
                out.pixels.withUnsafeMutableBufferPointer { o in
                    let r = rBytes.bindMemory(to: UInt32.self)
                    let a = aBytes.bindMemory(to: UInt32.self)
                    func paint(_ i: Int, _ color: Color) {
                        o[i * 4] = color.red
                        o[i * 4 + 1] = color.green
                        o[i * 4 + 2] = color.blue
                    }
                    for y in 0..<height {
                        for x in 0..<width {
                            let i = y * width + x
                            let p = r[i]
                            let q = a[i]
                            if let ignore, ignore.contains(x, y) {
                                paint(i, (x + y) / 3 % 2 == 0 ? DiffColors.ignored : DiffColors.ignoredStripe)
                            } else if p != q {
                                let fails = perceptualPrecision >= 1 || ImageComparison.difference(p, q) > threshold
                                let antiAliased =
                                    fails && antiAliasing != .strict
                                    && ImageComparison.isAntiAliased(
                                        rBytes.baseAddress!, aBytes.baseAddress!, x: x, y: y, width: width, height: height)
                                paint(i, antiAliased ? DiffColors.antiAliased : fails ? DiffColors.failing : DiffColors.withinTolerance)
                            } else {
                                // Luma of the reference over white, faded to a quarter.
                                let alpha = UInt32(p >> 24)
                                let luma = (77 * (p & 0xFF) + 150 * ((p >> 8) & 0xFF) + 29 * ((p >> 16) & 0xFF)) >> 8
                                let shade = UInt8(truncatingIfNeeded: 191 + (luma + (255 - alpha)) / 4)
                                paint(i, Color(red: shade, green: shade, blue: shade))
                            }
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
    package static func sideBySideSize(_ reference: PixelSize, _ actual: PixelSize) -> (width: Int, height: Int) {
        let gutter = 8
        let panels = reference == actual ? [reference, actual, reference] : [reference, actual]
        return (panels.reduce(gutter) { $0 + $1.width + gutter }, (panels.map(\.height).max() ?? 0) + 2 * gutter)
    }

    /// Reference, actual and (when the sizes agree) the diff image side by
    /// side, each on a checkerboard so transparency shows. The sheet's size
    /// is checked against `maxPixelCount` before anything is allocated.
    package func sideBySide(
        _ reference: Bitmap, _ actual: Bitmap, maxPixelCount: Int = ImageComparison.maxArtifactPixelCount
    ) throws(ImageComparison.Error) -> Bitmap {
        let (width, height) = Self.sideBySideSize(
            PixelSize(width: reference.width, height: reference.height),
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
                        p[i] = shade
                        p[i + 1] = shade
                        p[i + 2] = shade
                        p[i + 3] = 255
                    }
                }
            }
            sheet.draw(panel, x: x, y: gutter)
            x += panel.width + gutter
        }
        return sheet
    }
}
