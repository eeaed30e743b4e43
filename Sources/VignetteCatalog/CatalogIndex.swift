import Vignette

/// `index.html`: every catalog entry with its render and properties.
enum CatalogIndex {
    /// `byteCounts[i]`: the size of entry i's file, nil when it failed.
    static func html(entries: [CatalogEntry], byteCounts: [Int?], sheet: Bitmap) -> String {
        var rows = ""
        for (entry, bytes) in zip(entries, byteCounts) where entry.page == .descriptors {
            let d = entry.descriptor
            let (w, h) = ImageRenderer.pixelSize(of: entry.size, scale: entry.scale)
            let file = escape(entry.fileName)
            let source = entry.sourceFormat.map { " " + CatalogEntry.displayName(of: $0) } ?? ""
            rows += """
                <tr><td><img src="\(file)" width="\(Size.format(entry.size.width))" height="\(Size.format(entry.size.height))" alt="\(escape(entry.identifier))"></td>
                <td><code>\(escape(entry.identifier))</code></td><td><code>\(escape(entry.source))</code></td>
                <td>\(entry.size) pt @\(Size.format(entry.scale))x<br>\(w)x\(h) px</td>
                <td>\(d.contentMode)</td><td>\(swatch(d.tint))</td><td>\(swatch(d.background))</td>
                <td><code>\(escape(d.accessibilityIdentifier ?? "—"))</code></td>
                <td>\(d.reference.width)x\(d.reference.height) @\(Size.format(d.reference.scale))x\(source)</td>
                <td><a href="\(file)">\(entry.output)</a><br>\(bytes.map(grouped) ?? "failed") bytes</td></tr>

                """
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Vignette catalog</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:2em;color:#222}
            table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:6px 10px;text-align:left;vertical-align:middle}td:nth-child(4){white-space:nowrap}code{white-space:normal}
            img{background:repeating-conic-gradient(#e4e4e4 0 25%,#fff 0 50%) 0 0/20px 20px}
            .sw{display:inline-block;width:14px;height:14px;border:1px solid #999;vertical-align:middle;margin-right:4px}
            </style></head><body>
            <h1>Vignette catalog</h1>
            <p>\(entries.filter { $0.page == .descriptors }.count) app-wide descriptors rendered by <code>vignette catalog</code>, each shown at its
            size in points (as a device would show it; the file has the pixels of its scale). Sources are PNG,
            JPEG and WebP files; the <code>output-*</code> row writes one render as PNG, JPEG and WebP.
            <a href="contact-sheet.png">Contact sheet</a> (\(sheet.width)x\(sheet.height)).
            Focus, shapes, borders, overlays, effects and sizing: <a href="presentation.html">presentation</a>.</p>
            <table><thead><tr><th>Render</th><th>Identifier</th><th>Descriptor</th><th>Surface</th>
            <th>Content mode</th><th>Tint</th><th>Background</th><th>Accessibility id</th><th>Source pixels</th><th>File</th></tr></thead>
            <tbody>
            \(rows)</tbody></table></body></html>

            """
    }

    /// 12345 → "12,345" (fixed, not locale-dependent: the index is byte-stable).
    private static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        return String(digits.enumerated().flatMap { i, d in (i > 0 && (digits.count - i) % 3 == 0) ? [",", d] : [d] })
    }

    private static func swatch(_ color: Color?) -> String {
        guard let color else { return "—" }
        let hex = color.description
        return "<span class=\"sw\" style=\"background:\(hex)\"></span><code>\(hex)</code>"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
