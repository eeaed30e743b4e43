import Foundation

/// The fonts text may be drawn with, and the fallback chain tried for a
/// character the requested family lacks — one value an app builds at
/// start-up and shares between its descriptors, presets, the CLI and its
/// tests. Nothing is looked up on the system: a collection holds exactly
/// the fonts it was given (``standard`` is the bundled Noto Sans).
///
/// ```swift
/// let fonts = try FontCollection.standard.adding(
///     FontCollection(contentsOf: [URL(fileURLWithPath: "Fonts")],   // files or folders
///                    fallback: ["Noto Sans Arabic", "Noto Sans CJK JP", "Noto Color Emoji"]))
/// let price = TextImage("€ 24.90", style: TextStyle(families: ["Inter"], size: 18, weight: .bold), fonts: fonts)
/// ```
public struct FontCollection: Sendable, Hashable, CustomStringConvertible {
    /// Every face, in the order given; the first face's family is the
    /// default when no requested family is present.
    public private(set) var fonts: [Font]
    /// Families tried in order, per grapheme cluster, when the requested
    /// ones lack a glyph (Latin → Arabic → CJK → emoji); after them, every
    /// other family of the collection in order.
    public var fallback: [String]

    /// The most font files one folder may hold.
    package static let maxFiles = 4096

    /// A collection of `fonts` with a `fallback` chain of family names.
    public init(_ fonts: [Font] = [], fallback: [String] = []) {
        self.fonts = fonts
        self.fallback = fallback
    }

    /// `fonts` with their own families, in order, as the fallback chain: how
    /// the folders an app, the CLI or the server names join the bundled family.
    package init(chaining fonts: [Font]) {
        self.init(fonts, fallback: FontCollection(fonts).families)
    }

    /// The fonts in `urls`: font files, and folders whose files ending in
    /// .ttf, .otf, .ttc, .otc, .woff or .woff2 are read (in name order, subfolders
    /// included). A file that is not a font is an error.
    public init(contentsOf urls: [URL], fallback: [String] = []) throws(Font.Error) {
        var fonts: [Font] = []
        for url in urls {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw .unreadable(path: url.path, reason: "no such file or folder")
            }
            for file in isFolder.boolValue ? try Self.fontFiles(in: url) : [url] {
                fonts += try Font.faces(contentsOf: file)
            }
        }
        self.init(fonts, fallback: fallback)
    }

    /// The bundled Noto Sans (regular, bold, italic, bold italic): what text draws with unless told otherwise.
    public static let standard = FontCollection(Font.bundled)

    /// This collection's fonts, then `other`'s; the fallback chains joined the same way.
    public func adding(_ other: FontCollection) -> FontCollection {
        FontCollection(fonts + other.fonts, fallback: fallback + other.fallback.filter { !fallback.contains($0) })
    }

    /// The families present, in order of first appearance.
    public var families: [String] {
        var seen: Set<String> = []
        return fonts.map(\.family).filter { seen.insert($0.lowercased()).inserted }
    }

    /// `FontCollection(Noto Sans ×4; fallback: …)`.
    public var description: String {
        let list = families.map { family in "\(family) ×\(fonts.filter { $0.family == family }.count)" }
        return "FontCollection(\(list.joined(separator: ", "))" + (fallback.isEmpty ? ")" : "; fallback: \(fallback.joined(separator: ", ")))")
    }

    private static func fontFiles(in folder: URL) throws(Font.Error) -> [URL] {
        let kinds: Set<String> = ["ttf", "otf", "ttc", "otc", "woff", "woff2"]
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { throw .unreadable(path: folder.path, reason: "not a readable folder") }
        var files: [URL] = []
        for case let url as URL in walker where kinds.contains(url.pathExtension.lowercased()) {
            files.append(url)
            if files.count > maxFiles { throw .tooManyFiles(path: folder.path, limit: maxFiles) }
        }
        return files.sorted { $0.path < $1.path }
    }
}
