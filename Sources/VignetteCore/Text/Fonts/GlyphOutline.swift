import CHarfBuzz

/// A glyph's outline as HarfBuzz draws it, unhinted, in font units with y
/// up: the drawing operations and their points.
package struct GlyphOutline: Sendable, Hashable {
    /// 0 move, 1 line, 2 quadratic, 3 cubic, 4 close.
    package var ops: [UInt8]
    /// x, y pairs: one for a move or line, two for a quadratic, three for a cubic.
    package var points: [Float]

    /// The most points one glyph may have (a CJK glyph has a few hundred).
    static let maxPoints = 1 << 16

    /// Bytes the outline holds, for the cache's budget.
    var bytes: Int { ops.count + points.count * 4 + 64 }

    /// Reads the outline of `glyph`, growing the buffers up to `maxPoints`; nil past it.
    static func read(_ glyph: UInt32, from font: OpaquePointer) -> GlyphOutline? {
        var capacity = 256
        while capacity <= maxPoints {
            var ops = [UInt8](repeating: 0, count: capacity)
            var points = [Float](repeating: 0, count: capacity * 2)
            let (fit, opCount, pointCount) = ops.withUnsafeMutableBufferPointer { o in
                points.withUnsafeMutableBufferPointer { p in
                    var outline = vg_hb_outline(
                        ops: o.baseAddress, points: p.baseAddress, op_capacity: UInt32(capacity), point_capacity: UInt32(capacity),
                        op_count: 0, point_count: 0, overflow: 0)
                    let fit = vg_hb_glyph_outline(font, glyph, &outline) != 0
                    return (fit, Int(outline.op_count), Int(outline.point_count))
                }
            }
            if fit {
                ops.removeSubrange(opCount...)
                points.removeSubrange((pointCount * 2)...)
                return GlyphOutline(ops: ops, points: points)
            }
            capacity *= 4
        }
        return nil
    }

    /// The outline through `transform` (font units to pixels, y flipped by the caller's matrix).
    func path(_ transform: AffineTransform) -> VectorPath {
        var path = VectorPath()
        path.elements.reserveCapacity(ops.count)
        var i = 0
        func next() -> Vector2 {
            defer { i += 2 }
            return transform.apply(Vector2(x: Double(points[i]), y: Double(points[i + 1])))
        }
        for op in ops {
            switch op {
            case 0: path.move(next())
            case 1: path.line(next())
            case 2:
                let c = next()
                path.elements.append(.quad(c, next()))
            case 3:
                let c1 = next()
                let c2 = next()
                path.elements.append(.cubic(c1, c2, next()))
            default: path.close()
            }
        }
        return path
    }
}

/// Outlines a face has drawn, within a byte budget: past it the cache starts over.
struct OutlineCache {
    static let maxBytes = 8 << 20
    var entries: [UInt32: GlyphOutline] = [:]
    var bytes = 0

    mutating func insert(_ outline: GlyphOutline, for glyph: UInt32) {
        if bytes + outline.bytes > Self.maxBytes {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        entries[glyph] = outline
        bytes += outline.bytes
    }
}
