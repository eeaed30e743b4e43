import Dispatch
import Foundation
import Vignette

/// Writes the catalog: one file per entry named by its identifier (PNG,
/// or the output-format row's JPEG and WebP), `contact-sheet.png`, `index.html`
/// and `presentation.html`. Shared by `vignette
/// catalog` and the release/debug determinism check (`vignette-catalog`).
package enum CatalogWriter {
    /// What was written, and the entries that failed.
    package struct Report: Sendable {
        /// Renders written.
        package var written: Int
        /// The contact sheet's pixel size.
        package var sheetSize: PixelSize
        /// `error: <identifier>: <reason>` lines.
        package var failures: [String]
    }

    /// Renders every entry into `folder` (created when missing); `progress`
    /// is called with each entry's identifier, and the number of entries, as it completes.
    package static func write(
        to folder: String,
        progress: @escaping @Sendable (_ identifier: String, _ total: Int) -> Void = { _, _ in }
    ) async throws -> Report {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        @Sendable func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
        let entries = try Catalog.entries() + (await Catalog.remoteEntries())
        let rendered = Locked<[Int: (shown: Bitmap, size: PixelSize, bytes: Int)]>([:])
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: entries.count) { index in
            let entry = entries[index]
            do {
                let bitmap = try entry.render().render()
                let data = try entry.output.encode(bitmap)
                try AtomicFile.write(data, to: path(entry.fileName))
                // The sheet shows what the file holds: a lossy output as decoded again.
                let shown = entry.output == .png ? bitmap : try Bitmap(decoding: data, options: DecodingOptions(scale: entry.scale))
                let size = PixelSize(width: bitmap.width, height: bitmap.height)
                rendered.withLock { $0[index] = (shown, size, data.count) }
            } catch {
                failures.withLock { $0.append("error: \(entry.identifier): \(error)") }
            }
            progress(entry.identifier, entries.count)
        }
        let bitmaps = rendered.withLock { $0 }
        let sheet = try ContactSheet.make(
            entries.indices.compactMap { index in
                bitmaps[index].map { ($0.shown, entries[index].startsSheetRow, entries[index].identifier) }
            })
        try AtomicFile.write(try sheet.encoded(), to: path("contact-sheet.png"))
        let html = CatalogIndex.html(entries: entries, byteCounts: entries.indices.map { bitmaps[$0]?.bytes }, sheet: sheet)
        try AtomicFile.write(Data(html.utf8), to: path("index.html"))
        let page = CatalogPresentationPage.html(entries: entries, rendered: entries.indices.map { bitmaps[$0].map { ($0.size, $0.bytes) } })
        try AtomicFile.write(Data(page.utf8), to: path("presentation.html"))
        return Report(
            written: bitmaps.count, sheetSize: PixelSize(width: sheet.width, height: sheet.height),
            failures: failures.withLock { $0 })
    }
}
