import Foundation

extension Font {
    /// Why a font could not be loaded.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The file or folder could not be read.
        case unreadable(path: String, reason: String)
        /// The file is larger than `Font.maxBytes`: checked before it is read.
        case tooLarge(name: String, bytes: Int, limit: Int)
        /// The bytes are no font HarfBuzz can use (or a damaged one).
        case notAFont(name: String)
        /// A WOFF or WOFF2 file's header or tables are inconsistent, or do not decompress.
        case malformedWOFF(name: String, reason: String)
        /// A format this build does not read (a WOFF2 collection).
        case unsupportedFormat(name: String, format: String)
        /// A folder holds more font files than `FontCollection.maxFiles`.
        case tooManyFiles(path: String, limit: Int)
        /// HarfBuzz, or libbrotlidec for a WOFF2 (`library`), opened with the first font
        /// read rather than at process start, could not be loaded: `reason` is the
        /// loader's (a missing `libharfbuzz.so.0`).
        case libraryUnavailable(library: String, reason: String)

        /// What went wrong, naming the file and the limit.
        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "cannot read font \(path): \(reason)"
            case .tooLarge(let name, let bytes, let limit):
                "font \(name) is \(bytes) bytes: over the limit of \(limit) bytes (Font.maxBytes)"
            case .notAFont(let name): "\(name) is not a TrueType, OpenType, collection, WOFF or WOFF2 font (or is damaged)"
            case .malformedWOFF(let name, let reason): "\(name): malformed WOFF: \(reason)"
            case .unsupportedFormat(let name, let format): "\(name): \(format) fonts are not supported; convert it to TTC or to one WOFF2 per face"
            case .tooManyFiles(let path, let limit): "\(path) holds more than \(limit) font files (FontCollection.maxFiles)"
            case .libraryUnavailable(let library, let reason): TextLibraries.unavailable(library, reason: reason)
            }
        }
    }

    /// The largest font file loaded (after WOFF or WOFF2 decompression): 64 MiB, enough
    /// for a CJK collection.
    public static let maxBytes = 64 << 20
    /// The most faces taken from one collection.
    package static let maxFaces = 64

    /// Every face of a font file's bytes: one for a TTF, OTF, WOFF or WOFF2, each
    /// face of a TTC/OTC. `name` names the bytes in errors and in `source`.
    public static func faces(in data: Data, name: String) throws(Font.Error) -> [Font] {
        guard data.count <= maxBytes else { throw .tooLarge(name: name, bytes: data.count, limit: maxBytes) }
        try TextLibraries.requireHarfBuzz()
        let signature = data.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let sfnt: FontBytes
        switch signature {
        case 0x774F_4646: sfnt = FontBytes(copying: try WOFFReader.sfnt(from: data, name: name, limit: maxBytes))
        case 0x774F_4632: sfnt = FontBytes(copying: try WOFF2Reader.sfnt(from: data, name: name, limit: maxBytes))
        default: sfnt = FontBytes(copying: data)
        }
        let count = min(FontFace.faceCount(sfnt.raw), maxFaces)
        let fonts = (0..<count).compactMap { index in
            FontFace(bytes: sfnt.raw, owner: sfnt, index: index).map { Font(face: $0, source: name) }
        }
        guard !fonts.isEmpty else { throw .notAFont(name: name) }
        return fonts
    }

    /// Every face of the font file at `url`; its size is checked before it is read.
    public static func faces(contentsOf url: URL) throws(Font.Error) -> [Font] {
        let path = url.path
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
        guard size <= maxBytes else { throw .tooLarge(name: path, bytes: size, limit: maxBytes) }
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
        return try faces(in: data, name: url.lastPathComponent)
    }

    private static func reason(_ error: any Swift.Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
