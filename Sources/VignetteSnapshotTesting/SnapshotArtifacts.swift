import Foundation
import VignetteCore

/// Where failure images go and how they are named.
enum SnapshotArtifacts {
    /// Set by `assertSnapshot` so artifacts carry the snapshot's own name.
    @TaskLocal static var baseName: String?
    /// Set by `assertSnapshot` from the environment it was given.
    @TaskLocal static var folderOverride: String?

    /// `SNAPSHOT_ARTIFACTS`, else a `vignette-snapshots` folder in the temporary directory.
    static var folder: URL {
        if let path = folderOverride ?? ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("vignette-snapshots", isDirectory: true)
    }

    struct Files {
        var actual: String?
        var reference: String?
        var diff: String?
        var sideBySide: String?
        var problem: String?
    }

    static func write(reference: Bitmap, actual: Bitmap, comparison: ImageComparison) -> Files {
        let base = folder.appendingPathComponent(baseName ?? "snapshot-\(UUID().uuidString.prefix(8))")
        var files = Files()
        do {
            try FileManager.default.createDirectory(at: base.deletingLastPathComponent(), withIntermediateDirectories: true)
            func save(_ bitmap: Bitmap?, _ suffix: String) throws -> String? {
                guard let bitmap, bitmap.width > 0, bitmap.height > 0 else { return nil }
                let path = base.path + "." + suffix + ".png"
                try AtomicFile.write(try PNGCodec.encode(bitmap), to: path)
                return path
            }
            files.actual = try save(actual, "actual")
            files.reference = try save(reference, "reference")
            files.diff = try save(comparison.diffImage(reference, actual), "diff")
            files.sideBySide = try save(comparison.sideBySide(reference, actual), "side-by-side")
        } catch {
            files.problem = "could not write failure images: \(error)"
        }
        return files
    }

    static func message(_ result: ImageComparison.Result, files: Files) -> String {
        var lines = ["Snapshot does not match the reference: \(result)."]
        if let path = files.sideBySide { lines.append("side by side (reference | actual | diff): \(path)") }
        if let path = files.diff { lines.append("diff (red: beyond tolerance, amber: within): \(path)") }
        if let path = files.actual { lines.append("actual: \(path)") }
        if let path = files.reference { lines.append("reference: \(path)") }
        if let problem = files.problem { lines.append(problem) }
        return lines.joined(separator: "\n")
    }
}
