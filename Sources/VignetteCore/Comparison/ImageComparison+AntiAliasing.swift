extension ImageComparison {
    /// What a comparison does with failing pixels that look like
    /// anti-aliasing — an edge drawn a fraction of a pixel elsewhere.
    ///
    /// A pixel beyond the perceptual tolerance is *anti-aliasing* when,
    /// along one of the four lines through it (horizontal, vertical, both
    /// diagonals), in one of the two images — say the reference:
    ///
    /// 1. it is an in-between tone on an edge: its two opposite neighbours'
    ///    lumas differ by at least `edgeContrast` (32 of 255), its luma lies
    ///    strictly between theirs (by more than `inBetweenMargin`, 2 levels), and
    ///    every channel lies between theirs — it is a blend of the two sides;
    /// 2. the actual pixel is a blend of the same two sides: every channel
    ///    between the reference's neighbours, give or take `blendSlack`
    ///    (4 levels) — so a stroke that changed colour is no blend;
    /// 3. the edge is there in the actual image too: its neighbours on that
    ///    line, one or two pixels away on each side, differ by at least
    ///    `edgeContrast` in luma.
    ///
    /// (Or the same with the images' roles swapped.) An edge moved by a
    /// whole pixel, with no in-between tone in either image, is a real
    /// change. Only pixels beyond the tolerance are classified, and only
    /// when asked (`.reported` or `.forgiven`): `.strict` costs nothing.
    ///
    /// ```swift
    /// let comparison = ImageComparison(perceptualPrecision: 0.98, antiAliasing: .forgiven)
    /// ```
    public enum AntiAliasing: Sendable, Hashable {
        /// Every pixel beyond the tolerance fails; none is classified (the default).
        case strict
        /// Anti-aliased pixels are counted (`Result.antiAliasedPixelCount`)
        /// and drawn yellow in the diff image, but still fail.
        case reported
        /// Anti-aliased pixels are counted and drawn yellow, and never fail.
        case forgiven
    }

    /// The luma difference (0...255) between two opposite neighbours that makes an edge.
    package static let edgeContrast = 32
    /// How far (in 8-bit levels) a channel may lie outside the other image's edge and still be a blend of it…
    package static let blendSlack = 4
    /// …or a tenth of the edge's contrast, if more: resampling filters with
    /// negative lobes (Lanczos-3, Catmull–Rom) overshoot an edge by about that.
    package static let ringingShare = 10
    /// How far (in luma levels) an in-between tone lies inside its sides' range: beyond rounding.
    package static let inBetweenMargin = 2

    /// Whether the differing pixel at (x, y) is anti-aliasing (see `AntiAliasing`).
    /// `reference` and `actual` are RGBA8 rows of `width` × `height` pixels.
    static func isAntiAliased(
        _ reference: UnsafeRawPointer, _ actual: UnsafeRawPointer,
        x: Int, y: Int, width: Int, height: Int
    ) -> Bool {
        let i = (y * width + x) * 4
        let p = reference.loadUnaligned(fromByteOffset: i, as: UInt32.self)
        let q = actual.loadUnaligned(fromByteOffset: i, as: UInt32.self)
        let lp = luma(p)
        let lq = luma(q)
        @inline(__always) func along(_ dx: Int, _ dy: Int) -> Bool {
            let offset = (dy * width + dx) * 4
            let r0 = reference.loadUnaligned(fromByteOffset: i - offset, as: UInt32.self)
            let r1 = reference.loadUnaligned(fromByteOffset: i + offset, as: UInt32.self)
            let a0 = actual.loadUnaligned(fromByteOffset: i - offset, as: UInt32.self)
            let a1 = actual.loadUnaligned(fromByteOffset: i + offset, as: UInt32.self)
            let lr = (luma(r0), luma(r1))
            let la = (luma(a0), luma(a1))
            // Two pixels away on both sides, when the image reaches that far.
            @inline(__always) func hasEdge(_ image: UnsafeRawPointer, _ near: (Int, Int)) -> Bool {
                if abs(near.0 - near.1) >= edgeContrast { return true }
                guard (dx == 0 || (x >= 2 && x + 2 < width)) && (dy == 0 || (y >= 2 && y + 2 < height)) else { return false }
                return abs(
                    luma(image.loadUnaligned(fromByteOffset: i - 2 * offset, as: UInt32.self))
                        - luma(image.loadUnaligned(fromByteOffset: i + 2 * offset, as: UInt32.self))) >= edgeContrast
            }
            if let slack = edgeBlendSlack(p, lp, (r0, r1), lr), isBlend(q, of: r0, r1, slack: slack),
                hasEdge(actual, la)
            {
                return true
            }
            if let slack = edgeBlendSlack(q, lq, (a0, a1), la), isBlend(p, of: a0, a1, slack: slack),
                hasEdge(reference, lr)
            {
                return true
            }
            return false
        }
        let horizontal = x > 0 && x + 1 < width
        let vertical = y > 0 && y + 1 < height
        if horizontal && along(1, 0) { return true }
        if vertical && along(0, 1) { return true }
        return horizontal && vertical && (along(1, 1) || along(1, -1))
    }

    /// Condition 1 of `AntiAliasing`: an in-between tone (luma `l`) and a
    /// blend of two contrasting sides (lumas `ls`). Returns the slack the
    /// other image's pixel gets, or nil.
    @inline(__always)
    private static func edgeBlendSlack(_ v: UInt32, _ l: Int, _ sides: (UInt32, UInt32), _ ls: (Int, Int)) -> Int? {
        let low = min(ls.0, ls.1)
        let high = max(ls.0, ls.1)
        guard high - low >= edgeContrast, l > low + inBetweenMargin, l < high - inBetweenMargin,
            isBlend(v, of: sides.0, sides.1, slack: blendSlack)
        else { return nil }
        return max(blendSlack, (high - low) / ringingShare)
    }

    /// Integer luma (Rec. 601 weights) of the stored bytes, 0...255.
    @inline(__always)
    private static func luma(_ v: UInt32) -> Int {
        Int((77 * (v & 0xFF) + 150 * ((v >> 8) & 0xFF) + 29 * ((v >> 16) & 0xFF)) >> 8)
    }

    /// Every channel (alpha included) between the two sides', give or take `slack` levels.
    @inline(__always)
    private static func isBlend(_ v: UInt32, of a: UInt32, _ b: UInt32, slack: Int) -> Bool {
        var shift: UInt32 = 0
        while shift < 32 {
            let c = Int((v >> shift) & 0xFF)
            let s = Int((a >> shift) & 0xFF)
            let t = Int((b >> shift) & 0xFF)
            if c < min(s, t) - slack || c > max(s, t) + slack { return false }
            shift += 8
        }
        return true
    }
}
