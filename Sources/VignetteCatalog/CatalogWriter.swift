import Dispatch
import Foundation
import Vignette

/// Writes the catalog: one PNG per entry named by its accessibility
/// identifier, `contact-sheet.png` and `index.html`. Shared by `vignette
/// catalog` and the release/debug determinism check (`vignette-catalog`).
public enum CatalogWriter {
    /// What was written, and the entries that failed.
    public struct Report: Sendable {
        /// Renders written.
        public var written: Int
        /// The contact sheet's pixel size.
        public var sheetSize: PixelSize
        /// `error: <identifier>: <reason>` lines.
        public var failures: [String]
    }

    /// Renders every entry into `folder` (created when missing); `progress`
    /// is called with each entry's identifier, and the number of entries, as it completes.
    public static func write(to folder: String,
                             progress: @escaping @Sendable (_ identifier: String, _ total: Int) -> Void = { _, _ in }) async throws -> Report {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        @Sendable func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
        let entries = try Catalog.entries() + (await Catalog.remoteEntries())
        let rendered = Locked<[Int: Bitmap]>([:])
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: entries.count) { index in
            let entry = entries[index]
            do {
                let bitmap = try entry.render().render()
                try AtomicFile.write(try PNGCodec.encode(bitmap), to: path(entry.identifier + ".png"))
                rendered.withLock { $0[index] = bitmap }
            } catch {
                failures.withLock { $0.append("error: \(entry.identifier): \(error)") }
            }
            progress(entry.identifier, entries.count)
        }
        let bitmaps = rendered.withLock { $0 }
        let sheet = try ContactSheet.make(entries.indices.compactMap { bitmaps[$0] })
        try AtomicFile.write(try PNGCodec.encode(sheet), to: path("contact-sheet.png"))
        try AtomicFile.write(Data(CatalogIndex.html(entries: entries, sheet: sheet).utf8), to: path("index.html"))
        return Report(written: bitmaps.count, sheetSize: PixelSize(width: sheet.width, height: sheet.height),
                      failures: failures.withLock { $0 })
    }
}
