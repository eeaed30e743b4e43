import CHarfBuzz

/// One face of a font file as HarfBuzz holds it: the bytes (kept alive for
/// as long as the face), its metrics and names, shaping and outlines in
/// font units. Immutable once made, so one face is shared by every thread;
/// its outline cache is behind a lock.
package final class FontFace: @unchecked Sendable {
    private let handle: OpaquePointer
    // The bytes HarfBuzz reads without copying, and what keeps them alive: a `FontBytes`
    // shared by a file's faces and instances, or nothing for the compiled-in fonts.
    private let bytes: UnsafeRawBufferPointer
    private let owner: AnyObject?
    /// Metrics in font units.
    package let metrics: vg_hb_metrics
    package let family: String
    package let typographicFamily: String
    package let subfamily: String
    package let axes: [vg_hb_axis]
    /// The generic family the face's OS/2 classification puts it in: `cursive` (a script,
    /// sFamilyClass 10, or a hand-written panose), `fantasy` (ornamental or decorative), or nil.
    package let generic: String?
    package let index: Int
    private let outlines = Locked(OutlineCache())

    /// Face `index` of `bytes`, which `owner` keeps alive (nil: they live for the whole
    /// process), with `variations` set; nil when HarfBuzz finds no usable face.
    package init?(bytes: UnsafeRawBufferPointer, owner: AnyObject?, index: Int, variations: [vg_hb_variation] = []) {
        guard bytes.count > 0, let base = bytes.baseAddress, index >= 0, index <= Int(UInt32.max) else { return nil }
        let made = variations.withUnsafeBufferPointer { v in
            vg_hb_font_create(base.assumingMemoryBound(to: UInt8.self), bytes.count, UInt32(index), v.baseAddress, UInt32(v.count))
        }
        guard let made else { return nil }
        handle = made
        (self.bytes, self.owner, self.index) = (bytes, owner, index)
        var m = vg_hb_metrics()
        vg_hb_font_metrics(made, &m)
        metrics = m
        family = Self.name(made, 1)
        let typographic = Self.name(made, 16)
        typographicFamily = typographic.isEmpty ? family : typographic
        subfamily = Self.name(made, 2)
        let count = Int(vg_hb_font_axes(made, nil, 0))
        var found = [vg_hb_axis](repeating: vg_hb_axis(), count: min(count, 64))
        if !found.isEmpty { _ = vg_hb_font_axes(made, &found, UInt32(found.count)) }
        axes = found
        var (familyClass, panose): (Int32, Int32) = (0, 0)
        generic = vg_hb_font_classification(made, &familyClass, &panose) != 0 ? Self.generic(Int(familyClass), Int(panose)) : nil
    }

    private static func generic(_ familyClass: Int, _ panose: Int) -> String? {
        switch (familyClass >> 8, panose) {
        case (10, _): "cursive"
        case (9, _): "fantasy"
        case (_, 3): "cursive"
        case (_, 4): "fantasy"
        default: nil
        }
    }

    deinit {
        vg_hb_font_destroy(handle)
    }

    /// The number of faces in `bytes` (several in a collection), 0 when none.
    package static func faceCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        return Int(vg_hb_face_count(base.assumingMemoryBound(to: UInt8.self), bytes.count))
    }

    /// Another instance of the same bytes with `variations` (a variable font at a weight).
    package func instance(variations: [vg_hb_variation]) -> FontFace? {
        FontFace(bytes: bytes, owner: owner, index: index, variations: variations)
    }

    private static func name(_ font: OpaquePointer, _ id: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let written = vg_hb_font_name(font, id, &buffer, UInt32(buffer.count))
        guard written > 0 else { return "" }
        return String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package var unitsPerEm: Int { Int(metrics.units_per_em) }

    /// The glyph for `scalar`, or nil when the face has none.
    package func glyph(for scalar: UInt32, selector: UInt32 = 0) -> UInt32? {
        var glyph: UInt32 = 0
        return vg_hb_font_glyph(handle, scalar, selector, &glyph) != 0 ? glyph : nil
    }

    /// Shapes `length` units from `start` of `text` (the rest is context).
    package func shape(
        _ text: UnsafeBufferPointer<UInt16>, start: Int, length: Int, rightToLeft: Bool, vertical: Bool = false, script: UInt32,
        language: String?, features: [vg_hb_feature], maxGlyphs: Int
    ) -> [vg_hb_glyph]? {
        var out: UnsafeMutablePointer<vg_hb_glyph>?
        let count = features.withUnsafeBufferPointer { f in
            vg_hb_shape(
                handle, text.baseAddress, UInt32(text.count), UInt32(start), UInt32(length), vertical ? 6 : (rightToLeft ? 5 : 4), script,
                language, f.baseAddress, UInt32(f.count), UInt32(clamping: maxGlyphs), &out)
        }
        defer { vg_hb_free(out) }
        guard count >= 0 else { return nil }
        guard count > 0, let out else { return [] }
        return Array(UnsafeBufferPointer(start: out, count: Int(count)))
    }

    /// The glyph's outline in font units, y up (cached); nil when it has more points than a glyph may.
    package func outline(_ glyph: UInt32) -> GlyphOutline? {
        if let cached = outlines.withLock({ $0.entries[glyph] }) { return cached }
        let outline = GlyphOutline.read(glyph, from: handle)
        if let outline { outlines.withLock { $0.insert(outline, for: glyph) } }
        return outline
    }

    /// COLRv0 layers of `glyph`: each layer's glyph and palette colour (nil: the text's colour).
    package func colorLayers(_ glyph: UInt32) -> [(glyph: UInt32, color: Color?)] {
        guard metrics.has_color_layers != 0 else { return [] }
        var glyphs = [UInt32](repeating: 0, count: 64)
        var indices = [UInt32](repeating: 0, count: 64)
        let total = Int(vg_hb_color_layers(handle, glyph, &glyphs, &indices, 64))
        guard total > 0 else { return [] }
        var palette = [UInt32](repeating: 0, count: 1024)
        let colors = Int(vg_hb_palette_colors(handle, &palette, 1024))
        return (0..<min(total, 64)).map { i in
            let index = Int(indices[i])
            guard index != 0xFFFF, index < colors else { return (glyphs[i], nil) }
            // hb_color_t is 0xBBGGRRAA.
            let c = palette[index]
            let color = Color(
                red: UInt8(truncatingIfNeeded: c >> 8), green: UInt8(truncatingIfNeeded: c >> 16),
                blue: UInt8(truncatingIfNeeded: c >> 24), alpha: UInt8(truncatingIfNeeded: c))
            return (glyphs[i], color)
        }
    }

    /// A CBDT/sbix PNG of `glyph` at the strike nearest `pixelsPerEm`, with the glyph's extents in font units.
    package func colorBitmap(_ glyph: UInt32, pixelsPerEm: Int) -> (png: [UInt8], extents: (Int, Int, Int, Int))? {
        guard metrics.has_color_bitmaps != 0 else { return nil }
        var png: UnsafeMutablePointer<UInt8>?
        let length = vg_hb_glyph_png(handle, glyph, UInt32(clamping: max(1, pixelsPerEm)), &png)
        defer { vg_hb_free(png) }
        guard length > 0, let png else { return nil }
        var e: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        let found = withUnsafeMutablePointer(to: &e) {
            $0.withMemoryRebound(to: Int32.self, capacity: 4) { vg_hb_glyph_extents(handle, glyph, $0) }
        }
        guard found != 0 else { return nil }
        return (Array(UnsafeBufferPointer(start: png, count: length)), (Int(e.0), Int(e.1), Int(e.2), Int(e.3)))
    }

    /// HarfBuzz's version, as a reference states it.
    package static var harfBuzzVersion: String { String(cString: vg_hb_version()) }
}
