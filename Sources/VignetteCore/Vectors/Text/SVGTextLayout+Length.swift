/// `textLength` and `lengthAdjust`: a text's, a `tspan`'s or a
/// `textPath`'s characters fitted to the advance the file gives them, by
/// spacing them out (or in) or by stretching their glyphs.
extension SVGTextLayout {
    /// `textLength`: the chunk spread (extra space after each character but the last) or stretched to `length`
    /// (vertical text is spread down its line).
    static func fit(
        _ pending: inout [PendingGlyph], end: inout Vector2, start: Vector2, to length: Double, stretchingGlyphs: Bool, vertical: Bool
    ) {
        let natural = vertical ? end.y - start.y : end.x - start.x
        guard !pending.isEmpty, natural.isFinite else { return }
        if stretchingGlyphs {
            guard natural > 0 else { return }
            let ratio = length / natural
            for i in pending.indices {
                pending[i].x = start.x + (pending[i].x - start.x) * ratio
                pending[i].advance *= ratio
                pending[i].stretch = ratio
            }
            end.x = start.x + length
            return
        }
        var order: [Int: Int] = [:]
        for glyph in pending where order[glyph.character] == nil { order[glyph.character] = order.count }
        guard order.count > 1 else { return }
        let extra = (length - natural) / Double(order.count - 1)
        let axis: WritableKeyPath<PendingGlyph, Double> = vertical ? \.y : \.x
        for i in pending.indices { pending[i][keyPath: axis] += extra * Double(order[pending[i].character] ?? 0) }
        if vertical { end.y += extra * Double(order.count - 1) } else { end.x += extra * Double(order.count - 1) }
    }

    /// A `tspan`'s or `textPath`'s `textLength`: its characters spread (extra space after each but the last) or
    /// stretched to `length`, what follows them in the chunk moved by the difference.
    static func fit(
        _ pending: inout [PendingGlyph], end: inout Vector2, characters range: Range<Int>, to length: Double, stretchingGlyphs: Bool,
        vertical: Bool
    ) {
        let axis: WritableKeyPath<PendingGlyph, Double> = vertical ? \.y : \.x
        let inside = pending.indices.filter { range.contains(pending[$0].character) }
        guard let first = inside.first else { return }
        let natural = inside.reduce(0) { $0 + pending[$1].advance }
        let difference = length - natural
        guard difference.isFinite else { return }
        if stretchingGlyphs, natural > 0 {
            let ratio = length / natural
            let origin = pending[first].x
            for i in inside {
                pending[i].x = origin + (pending[i].x - origin) * ratio
                pending[i].advance *= ratio
                pending[i].stretch *= ratio
            }
        } else {
            var order: [Int: Int] = [:]
            for i in inside where order[pending[i].character] == nil { order[pending[i].character] = order.count }
            let extra = order.count > 1 ? difference / Double(order.count - 1) : 0
            for i in inside { pending[i][keyPath: axis] += extra * Double(order[pending[i].character] ?? 0) }
        }
        for i in pending.indices where pending[i].character >= range.upperBound { pending[i][keyPath: axis] += difference }
        if vertical { end.y += difference } else { end.x += difference }
    }
}
