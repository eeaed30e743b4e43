import CHarfBuzz

/// Shaped runs HarfBuzz has made, kept within a byte budget and shared by
/// every render: shaping happens in font units, so one entry serves every
/// size (shrink-to-fit's attempts, the same caption at two scales, the same
/// title on a thousand photos). The key is everything shaping reads: the
/// face, the paragraph (a run's context), the run, its direction, script,
/// language and features. Past the budget the cache starts over.
package final class ShapeCache: Sendable {
    package static let shared = ShapeCache(maxBytes: 8 << 20)
    /// The longest paragraph (UTF-16 units) whose runs are kept.
    static let maxParagraph = 2048

    struct Key: Hashable {
        let face: ObjectIdentifier
        let paragraph: [UInt16]
        let start: Int
        let length: Int
        let rightToLeft: Bool
        let vertical: Bool
        let script: UInt32
        let language: String?
        let features: [UInt64]
    }

    private struct Entry {
        // The face is kept with its glyphs, so its identifier cannot be reused while the entry lives.
        let face: FontFace
        let glyphs: [vg_hb_glyph]
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
    }

    private let state = Locked(State())
    let maxBytes: Int

    package init(maxBytes: Int) { self.maxBytes = maxBytes }

    func glyphs(for key: Key) -> [vg_hb_glyph]? { state.withLock { $0.entries[key]?.glyphs } }

    func insert(_ glyphs: [vg_hb_glyph], for key: Key, face: FontFace) {
        let cost = key.paragraph.count * 2 + glyphs.count * MemoryLayout<vg_hb_glyph>.stride + 128
        guard cost <= maxBytes / 4 else { return }
        state.withLock { state in
            if state.bytes + cost > maxBytes {
                state.entries.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            state.entries[key] = Entry(face: face, glyphs: glyphs)
            state.bytes += cost
        }
    }

    /// The bytes held, for tests.
    var bytes: Int { state.withLock { $0.bytes } }
}
