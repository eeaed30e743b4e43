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
            Writes one PNG per descriptor named by its identifier (the output-format row also
            .jpg and .webp files of one render), a contact sheet (contact-sheet.png) and
            index.html listing every entry with its properties and file size, and
            presentation.html: focus, shapes, borders, overlays, effects, backdrop and sizing,
            alone and combined (the contact sheet labels each cell with its identifier).
            Product photos come from PNG, JPEG and WebP files. The
            remote-* entries are product photos loaded by URL through image futures and the
            prefetcher: each is shown while loading and once loaded (one URL deliberately fails
            and shows the failure placeholder).
            """)

    @Option(help: "Where to write the catalog.")
    var outputDir: String = "catalog"

    func run() async throws {
        try OutputFolder.create(outputDir)
        let progress = Progress()
        let report = try await CatalogWriter.write(to: outputDir) { progress.advance($0, of: $1) }
        progress.finish()
        print("wrote \(report.written) renders, contact-sheet.png (\(report.sheetSize)), index.html and presentation.html to \(outputDir)/")
        for line in report.failures { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        if !report.failures.isEmpty { throw ExitCode(1) }
    }
}
