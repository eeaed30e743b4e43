import Foundation
import VignetteCatalog

// `vignette-catalog DIR`: the catalog alone, without the CLI's argument
// parser and SQLite engine, so `make determinism` can build it in release
// quickly and compare it with the debug build's byte for byte.
let folder = CommandLine.arguments.dropFirst().first ?? "catalog"
do {
    let report = try await CatalogWriter.write(to: folder)
    for line in report.failures { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    exit(report.failures.isEmpty ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
