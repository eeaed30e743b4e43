/// Filter primitive subregions: each primitive's `x`, `y`, `width` and
/// `height` (in `primitiveUnits`) cut its result, and whatever it leaves
/// unset comes from the union of the subregions of the results it reads —
/// the whole filter region when it reads a source image or nothing.
extension SVGFilterChain {
    typealias Region = SVGRenderer.FilterRegion

    /// The chain's whole image: the filter region.
    var fullRegion: Region { Region(x: 0, y: 0, width: source.width, height: source.height) }

    /// `primitive`'s subregion in the chain's pixels, inside the filter region (possibly empty).
    func subregion(of primitive: SVGElement) -> Region {
        let fallback = defaultSubregion(of: primitive)
        guard ["x", "y", "width", "height"].contains(where: { primitive[$0] != nil }) else { return fallback }
        // A zero or negative width or height disables the primitive: transparent black.
        guard let rect = rect(of: primitive, fallback: fallback) else { return Region(x: 0, y: 0, width: 0, height: 0) }
        return pixels(covering: Self.corners(x: rect.x, y: rect.y, width: rect.width, height: rect.height).map(units.apply))
    }

    /// `primitive`'s x, y, width and height in primitive units: each it
    /// gives, `fallback`'s (chain pixels, mapped back) for the rest; nil
    /// when empty or not finite.
    func rect(of primitive: SVGElement, fallback: Region) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let inverse = units.inverted else { return nil }
        let corners = Self.corners(
            x: Double(fallback.x + frame.x), y: Double(fallback.y + frame.y),
            width: Double(fallback.width), height: Double(fallback.height)
        ).map(inverse.apply)
        let low = Vector2(x: corners.map(\.x).min()!, y: corners.map(\.y).min()!)
        let high = Vector2(x: corners.map(\.x).max()!, y: corners.map(\.y).max()!)
        var rect = [low.x, low.y, high.x - low.x, high.y - low.y]
        for (index, name) in ["x", "y", "width", "height"].enumerated() {
            guard let length = primitive[name].flatMap(SVGLength.parse) else { continue }
            if frame.objectUnits {
                rect[index] = length.isPercentage ? length.value / 100 : length.value
            } else {
                rect[index] = length.resolved(index % 2 == 0 ? .horizontal : .vertical, viewport: frame.viewport)
            }
        }
        guard rect[2] > 0, rect[3] > 0, rect.allSatisfy(\.isFinite) else { return nil }
        return (rect[0], rect[1], rect[2], rect[3])
    }

    /// The whole pixels a device-space quadrilateral touches, in the chain's pixels, cut to the region.
    func pixels(covering corners: [Vector2]) -> Region {
        // Within the region first, so a huge subregion never becomes a huge integer.
        func clamp(_ v: Double, _ origin: Int, _ limit: Int) -> Int { Int(min(max(v - Double(origin), 0), Double(limit))) }
        let x0 = clamp((corners.map(\.x).min()! + 1e-9).rounded(.down), frame.x, source.width)
        let y0 = clamp((corners.map(\.y).min()! + 1e-9).rounded(.down), frame.y, source.height)
        let x1 = clamp((corners.map(\.x).max()! - 1e-9).rounded(.up), frame.x, source.width)
        let y1 = clamp((corners.map(\.y).max()! - 1e-9).rounded(.up), frame.y, source.height)
        return Region(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    static func corners(x: Double, y: Double, width: Double, height: Double) -> [Vector2] {
        [Vector2(x: x, y: y), Vector2(x: x + width, y: y), Vector2(x: x, y: y + height), Vector2(x: x + width, y: y + height)]
    }

    /// The union of the subregions of the results `primitive` reads; the
    /// filter region when it reads a source image or nothing (`feFlood`),
    /// and always for `feTile`, whose output is meant to outgrow its input.
    func defaultSubregion(of primitive: SVGElement) -> Region {
        let inputs: [String?]
        switch primitive.name {
        case "feFlood", "feTile", "feImage", "feTurbulence": return fullRegion
        case "feMerge": inputs = primitive.children.filter { $0.name == "feMergeNode" }.map { $0["in"] }
        case "feComposite", "feBlend", "feDisplacementMap": inputs = [primitive["in"], primitive["in2"]]
        default: inputs = [primitive["in"]]
        }
        var union: Region?
        for name in inputs {
            guard let region = readRegion(name) else { return fullRegion }
            union = union.map { $0.union(region) } ?? region
        }
        return union ?? fullRegion
    }

    /// The subregion of the result `name` reads; nil for a source image.
    func readRegion(_ name: String?) -> Region? {
        switch name {
        case "SourceGraphic", "SourceAlpha", "BackgroundImage", "BackgroundAlpha", "FillPaint", "StrokePaint": return nil
        case let name? where regions[name] != nil: return regions[name]
        default: return lastRegion
        }
    }

    /// The subregion of what `in` names: the tile `feTile` repeats.
    func inputRegion(_ name: String?) -> Region { readRegion(name) ?? fullRegion }
}

extension SVGRenderer.FilterRegion {
    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest region holding both (an empty one adds nothing).
    func union(_ other: Self) -> Self {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x)
        let y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width)
        let y1 = max(y + height, other.y + other.height)
        return Self(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension SVGFilterImage {
    /// Transparent black outside `region`.
    mutating func keep(only region: SVGRenderer.FilterRegion) {
        if region.x <= 0, region.y <= 0, region.x + region.width >= width, region.y + region.height >= height { return }
        let columns = max(0, region.x)..<max(max(0, region.x), min(width, region.x + region.width))
        let rows = max(0, region.y)..<max(max(0, region.y), min(height, region.y + region.height))
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width where !(rows.contains(y) && columns.contains(x)) {
                    let i = (y * width + x) * 4
                    p[i] = 0
                    p[i + 1] = 0
                    p[i + 2] = 0
                    p[i + 3] = 0
                }
            }
        }
    }
}
