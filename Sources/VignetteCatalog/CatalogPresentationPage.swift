import Vignette

/// `presentation.html`: the presentation entries — focus, shape, border,
/// overlays, effects, backdrop, sizing — each with its render, what it sets
/// and the pixel size it came out at (an open side or sizing can change it).
enum CatalogPresentationPage {
    /// `rendered[i]`: entry i's rendered pixel size and file bytes, nil when it failed.
    static func html(entries: [CatalogEntry], rendered: [(size: PixelSize, bytes: Int)?]) -> String {
        var rows = ""
        for (entry, result) in zip(entries, rendered) where entry.page == .presentation {
            let file = CatalogIndex.escape(entry.fileName)
            let pixels = result.map { "\($0.size.width)x\($0.size.height) px" } ?? "failed"
            let width = result.map { Size.format(Double($0.size.width) / entry.scale) } ?? Size.format(entry.size.width)
            let height = result.map { Size.format(Double($0.size.height) / entry.scale) } ?? Size.format(entry.size.height)
            rows += """
                <tr><td><img src="\(file)" width="\(width)" height="\(height)" alt="\(CatalogIndex.escape(entry.identifier))"></td>
                <td><code>\(CatalogIndex.escape(entry.identifier))</code></td><td><code>\(CatalogIndex.escape(entry.source))</code></td>
                <td>\(entry.size) pt @\(Size.format(entry.scale))x<br>\(pixels)</td>
                <td>\(CatalogIndex.escape(presentation(of: entry.descriptor)))</td></tr>

                """
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Vignette catalog: presentation</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:2em;color:#222}
            table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:6px 10px;text-align:left;vertical-align:middle}
            img{background:repeating-conic-gradient(#e4e4e4 0 25%,#fff 0 50%) 0 0/20px 20px}
            </style></head><body>
            <h1>Presentation beyond UIKit</h1>
            <p>Focus, shape, border, overlays, effects, backdrop and sizing, each alone and then combined
            (a circle avatar with a border and a badge, a product card, a blurred-fill letterbox).
            A surface side of 0 is open: the render takes the image's aspect ratio. <a href="index.html">All descriptors</a>.</p>
            <table><thead><tr><th>Render</th><th>Identifier</th><th>Descriptor</th><th>Surface</th><th>Presentation</th></tr></thead>
            <tbody>
            \(rows)</tbody></table></body></html>

            """
    }

    /// The descriptor's description without its reference: what it sets.
    static func presentation(of descriptor: ImageDescriptor<Bitmap>) -> String {
        let text = descriptor.description
        guard let start = text.range(of: "contentMode:") else { return text }
        return String(text[start.lowerBound...].dropLast())
    }
}
