import ArgumentParser
import Dispatch
import Foundation
import Vignette
import VignetteCatalog

struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Render the built-in catalog of app-wide descriptors.",
        discussion: """
        Writes one PNG per descriptor named by its accessibility identifier, a contact sheet
        (contact-sheet.png) and index.html listing every entry with its properties. The
        remote-* entries are product photos loaded by URL through image futures and the
        prefetcher: each is shown while loading and once loaded (one URL deliberately fails
        and shows the failure placeholder).
        """)

    @Option(help: "Where to write the catalog.")
    var outputDir: String = "catalog"

    func run() async throws {
        try OutputFolder.create(outputDir)
        let entries = try Catalog.entries() + (await Catalog.remoteEntries())
        let progress = Progress(total: entries.count)
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
            progress.advance(entry.identifier)
        }
        progress.finish()
        let bitmaps = rendered.withLock { $0 }
        let sheet = try ContactSheet.make(entries.indices.compactMap { bitmaps[$0] })
        try AtomicFile.write(try PNGCodec.encode(sheet), to: path("contact-sheet.png"))
        try AtomicFile.write(Data(CatalogIndex.html(entries: entries, sheet: sheet).utf8), to: path("index.html"))
        print("wrote \(bitmaps.count) renders, contact-sheet.png (\(sheet.width)x\(sheet.height)) and index.html to \(outputDir)/")
        let errors = failures.withLock { $0 }
        for line in errors { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        if !errors.isEmpty { throw ExitCode(1) }
    }

    private func path(_ name: String) -> String { (outputDir as NSString).appendingPathComponent(name) }
}
