import Foundation

/// A folder of image resources with `@2x`/`@3x` variants (`logo.png`,
/// `logo@2x.png`, `logo@3x.png`), or one vector (`logo.svg`), which is
/// preferred and drawn at exactly the scale asked for.
///
/// Decoded variants are kept in a cache that belongs to this bundle value
/// and its copies, bounded by `cacheBytes` (least recently used go first).
///
/// ```swift
/// // Package.swift: .target(name: "App", resources: [.copy("Images")]) — or .process("Images")
/// extension ImageBundle { static let app = ImageBundle(bundle: .module, subdirectory: "Images") }
/// let logo = NamedImage("logo", in: .app)
/// ```
public struct ImageBundle: Sendable, Hashable {
    /// The folder that holds the image files.
    public let directory: URL
    private let cache: MemoryCache<URL, Bitmap>
    private let scales: MemoryCache<String, [Int]>

    /// A bundle over a folder; at most `cacheBytes` of decoded pixels are kept.
    public init(directory: URL, cacheBytes: Int = 32 << 20) {
        self.directory = directory.standardizedFileURL
        cache = MemoryCache(totalCostLimit: cacheBytes)
        scales = MemoryCache(totalCostLimit: 4096)
    }

    /// The images of a SwiftPM resource bundle, whichever rule copied them:
    /// `.copy("Images")` keeps the folder (`subdirectory: "Images"`), while
    /// `.process` flattens files into the bundle's root — both are found.
    public init(bundle: Bundle, subdirectory: String? = nil, cacheBytes: Int = 32 << 20) {
        let root = bundle.resourceURL ?? bundle.bundleURL
        var directory = root
        if let subdirectory {
            let nested = root.appendingPathComponent(subdirectory, isDirectory: true)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: nested.path, isDirectory: &isFolder), isFolder.boolValue {
                directory = nested
            }
        }
        self.init(directory: directory, cacheBytes: cacheBytes)
    }

    /// The scales available for `name`, ascending (1, 2 and/or 3).
    package func availableScales(of name: String) -> [Int] {
        if let known = scales[name] { return known }
        let found = (1...3).filter { FileManager.default.fileExists(atPath: fileURL(name, scale: $0).path) }
        scales.set(found, for: name, cost: 1)
        return found
    }

    /// `name.svg` drawn at `scale`, else the decoded variant of `name` best
    /// suited to `scale`: the smallest variant at least as dense as the
    /// surface, else the densest one.
    public func bitmap(named name: String, forScale scale: Double) throws(ImageResourceError) -> Bitmap {
        try bitmap(named: name, forScale: scale, currentColor: nil).bitmap
    }

    /// `bitmap(named:forScale:)`, a vector drawn with `currentColor` (and
    /// `tinted` true when it was given).
    package func bitmap(
        named name: String, forScale scale: Double, currentColor: Color?
    ) throws(ImageResourceError) -> (bitmap: Bitmap, tinted: Bool) {
        let vector = directory.appendingPathComponent("\(name).svg")
        if hasVector(name) {
            var options = DecodingOptions(scale: scale)
            options.currentColor = currentColor
            // One cached bitmap per scale and colour: the vector is drawn for each.
            let key = URL(fileURLWithPath: vector.path + "@\(scale)x" + (currentColor.map { "-\($0)" } ?? ""))
            return (try decode(vector, key: key, options: options), currentColor != nil)
        }
        let available = availableScales(of: name)
        guard let densest = available.last else { throw .notFound(name: name, directory: directory.path) }
        let chosen = available.first { Double($0) >= scale } ?? densest
        let url = fileURL(name, scale: chosen)
        return (try decode(url, key: url, options: DecodingOptions(scale: Double(chosen))), false)
    }

    /// Whether `name.svg` exists (looked up once per name, like the scales).
    private func hasVector(_ name: String) -> Bool {
        let key = name + ".svg"
        if let known = scales[key] { return !known.isEmpty }
        let found = FileManager.default.fileExists(atPath: directory.appendingPathComponent(key).path)
        scales.set(found ? [1] : [], for: key, cost: 1)
        return found
    }

    /// The file at `url` decoded with `options`, cached under `key`.
    private func decode(_ url: URL, key: URL, options: DecodingOptions) throws(ImageResourceError) -> Bitmap {
        if let cached = cache[key] { return cached }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: FileErrors.reason(error, path: url.path))
        }
        do throws(ImageDecoders.Error) {
            let bitmap = try ImageDecoders.standard.decode(data, options: options)
            cache.set(bitmap, for: key, cost: bitmap.pixels.count)
            return bitmap
        } catch {
            throw .undecodable(path: url.path, error)
        }
    }

    private func fileURL(_ name: String, scale: Int) -> URL {
        directory.appendingPathComponent(scale == 1 ? "\(name).png" : "\(name)@\(scale)x.png")
    }

    /// Same folder.
    public static func == (lhs: ImageBundle, rhs: ImageBundle) -> Bool { lhs.directory == rhs.directory }
    /// Hashes the folder.
    public func hash(into hasher: inout Hasher) { hasher.combine(directory) }
}
