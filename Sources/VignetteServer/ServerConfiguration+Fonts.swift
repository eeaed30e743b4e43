import Foundation
import Vignette
import Yams

extension ServerConfiguration {
    /// Where the bundled Noto Sans sits in the server's fonts.
    package enum BundledFonts: String, Sendable, Hashable, CaseIterable {
        /// Before `fonts` (the default): text without a family is Noto Sans.
        case first
        /// After `fonts`: the first configured family is the default, Noto Sans a fallback.
        case last
        /// Left out: only `fonts`.
        case none
    }

    /// `fonts: [fonts/, brand/Inter.ttf]`, or `fonts: {files: [...], bundled: first|last|none}`.
    mutating func readFonts(_ reader: inout ConfigReader) throws(Error) {
        guard let node = reader.take("fonts"), node.null == nil else { return }
        if let items = node.sequence {
            fonts = try Self.paths(Array(items), key: "fonts")
            return
        }
        guard node.mapping != nil else { throw .wrongType(key: "fonts", expected: "a list of font files and folders, or {files: […], bundled: …}") }
        var mapping = try ConfigReader(node, path: "fonts")
        fonts = try mapping.strings("files") ?? []
        if let text = try mapping.string("bundled") {
            guard let value = BundledFonts(rawValue: text) else {
                throw .invalidValue(key: "fonts.bundled", reason: "'\(text)' is not first, last or none")
            }
            bundledFonts = value
        }
        try mapping.finish(known: ["files", "bundled"])
        if fonts.isEmpty && bundledFonts == .none {
            throw .invalidValue(key: "fonts.bundled", reason: "none leaves no font: give files, or keep the bundled Noto Sans")
        }
    }

    private static func paths(_ items: [Node], key: String) throws(Error) -> [String] {
        try items.enumerated().map { index, item throws(Error) in
            guard let text = item.scalar?.string, !text.isEmpty else { throw .wrongType(key: "\(key)[\(index)]", expected: "a font file or folder") }
            return text
        }
    }

    /// The one collection every preset's text draws with: the bundled Noto
    /// Sans (first unless `bundledFonts` says otherwise), then each of
    /// `fonts` in order, their families the fallback chain — as
    /// `vignette render --font-dir` builds it. Nil when `fonts` is empty and
    /// the bundled family comes first: text then uses `FontCollection.standard`,
    /// read only if a preset draws text. A file that is not a font, or a
    /// missing path, is an error naming `fonts[i]` and the file.
    package func fontCollection() throws(Error) -> FontCollection? {
        guard !fonts.isEmpty || bundledFonts != .first else { return nil }
        var loaded: [Font] = []
        for (index, path) in fonts.enumerated() {
            do throws(Font.Error) {
                loaded += try FontCollection(contentsOf: [URL(fileURLWithPath: path)]).fonts
            } catch {
                if case .unreadable = error { throw .invalidValue(key: "fonts[\(index)]", reason: "\(error)") }
                throw .invalidValue(key: "fonts[\(index)]", reason: "\(path): \(error)")
            }
        }
        if loaded.isEmpty && !fonts.isEmpty && bundledFonts == .none {
            throw .invalidValue(key: "fonts", reason: "no font files in \(fonts.joined(separator: ", ")) and bundled: none")
        }
        let own = FontCollection(chaining: loaded)
        switch bundledFonts {
        case .first: return FontCollection.standard.adding(own)
        case .last: return own.adding(FontCollection(chaining: FontCollection.standard.fonts))
        case .none: return own
        }
    }
}
