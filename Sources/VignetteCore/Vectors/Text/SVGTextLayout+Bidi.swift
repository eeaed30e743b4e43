/// `unicode-bidi`: the explicit bidi level each span's text is at, as the
/// embedding and override controls CSS stands for would set it, handed to
/// ICU's bidi algorithm as preset levels (no control characters enter the
/// text, so nothing shifts the characters' positions).
extension SVGTextLayout {
    /// Each span's explicit level (0x80 set: its characters take the span's direction), from the
    /// `paragraph` level; nil when no span sets `unicode-bidi` (ICU then reads the text alone).
    static func embedding(_ content: SVGTextContent, paragraph: UInt8) -> [UInt8]? {
        guard content.spans.contains(where: { $0.style.text.bidi != .normal }) else { return nil }
        let overrides: UInt8 = 0x80
        var levels: [UInt8] = []
        // A span comes after the span it is in.
        for span in content.spans {
            let text = span.style.text
            let outer = span.parent.map { levels[$0] } ?? paragraph
            guard text.bidi != .normal else {
                levels.append(outer)
                continue
            }
            let flag = text.bidi == .override ? overrides : 0
            guard span.parent != nil else {
                levels.append(paragraph | flag)
                continue
            }
            // The least level above the outer one whose parity is the span's direction (UAX #9's X2–X5).
            let rightToLeft = text.direction == .rightToLeft
            var level = (outer & ~overrides) + 1
            if (level & 1 == 1) != rightToLeft { level += 1 }
            levels.append(level <= 125 ? level | flag : outer)
        }
        return levels
    }
}
