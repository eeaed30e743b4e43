import ArgumentParser
import Foundation
import Vignette

/// `--font-dir DIR`: the fonts text is drawn with, beside the bundled Noto
/// Sans. The user's own folders: every font file in them is read, and a
/// file that is not a font is a usage error naming it.
struct FontOptions: ParsableArguments {
    @Option(
        name: .customLong("font-dir"),
        help: ArgumentHelp(
            "A folder of fonts (TTF, OTF, TTC, WOFF, WOFF2) text may use, repeatable; its families come after the bundled Noto Sans "
                + "and are tried in order for characters a font lacks.",
            valueName: "DIR"))
    var fontDirs: [String] = []

    /// The fonts of `--font-dir` after the bundled family, or nil when none is given: the
    /// bundled fonts (and HarfBuzz) are then read only if text is drawn.
    func given() throws -> FontCollection? {
        fontDirs.isEmpty ? nil : try collection()
    }

    /// The bundled family, then every font in `--font-dir`, in order.
    func collection() throws -> FontCollection {
        guard !fontDirs.isEmpty else { return .standard }
        do {
            let loaded = try FontCollection(contentsOf: fontDirs.map { URL(fileURLWithPath: $0) })
            return FontCollection.standard.adding(FontCollection(chaining: loaded.fonts))
        } catch {
            throw ValidationError("--font-dir: \(error)")
        }
    }
}
