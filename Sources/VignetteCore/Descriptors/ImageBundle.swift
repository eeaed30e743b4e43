import Foundation

/// A folder of PNG resources with `@2x`/`@3x` variants, e.g. a SwiftPM
/// resource folder (`Bundle.module.url(forResource:withExtension:)`).
///
/// Which variants exist and their decoded pixels are kept in a process-wide
/// table, so each file is looked up, read and decoded at most once.
public struct ImageBundle: Sendable, Hashable {
    /// The folder that holds the PNG files.
    public let directory: URL

    /// A bundle over a folder.
    public init(directory: URL) {
        self.directory = directory.standardizedFileURL
    }

    /// The scales available for `name`, ascending (1, 2 and/or 3).
    public func availableScales(of name: String) -> [Int] {
        let key = directory.appendingPathComponent(name)
        if let known = ImageBundle.cache.withLock({ $0.scales[key] }) { return known }
        let scales = (1...3).filter { FileManager.default.fileExists(atPath: fileURL(name, scale: $0).path) }
        ImageBundle.cache.withLock { $0.scales[key] = scales }
        return scales
    }

    /// The decoded variant of `name` best suited to `scale`: the smallest
    /// variant at least as dense as the surface, else the densest one.
    public func bitmap(named name: String, forScale scale: Double) throws(ImageSurface.Error) -> Bitmap {
        let scales = availableScales(of: name)
        guard !scales.isEmpty else { throw .resourceNotFound(name: name, directory: directory.path) }
        let chosen = scales.first { Double($0) >= scale } ?? scales[scales.count - 1]
        let url = fileURL(name, scale: chosen)
        if let cached = ImageBundle.cache.withLock({ $0.bitmaps[url] }) { return cached }
        do {
            let bitmap = try PNGCodec.decode(contentsOf: url.path, scale: Double(chosen))
            ImageBundle.cache.withLock { $0.bitmaps[url] = bitmap }
            return bitmap
        } catch {
            throw .resourceUnreadable(path: url.path, underlying: error)
        }
    }

    private func fileURL(_ name: String, scale: Int) -> URL {
        directory.appendingPathComponent(scale == 1 ? "\(name).png" : "\(name)@\(scale)x.png")
    }

    private struct Cache {
        var scales: [URL: [Int]] = [:]
        var bitmaps: [URL: Bitmap] = [:]
    }

    private static let cache = Locked(Cache())
}
