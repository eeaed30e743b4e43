import Foundation
import VignetteCore

/// Where failure images go and how they are named.
enum SnapshotArtifacts {
    /// Set by `assertImageSnapshot` so artifacts carry the snapshot's own name.
    @TaskLocal static var baseName: String?
    /// Set by `assertImageSnapshot` from the environment it was given.
    @TaskLocal static var folderOverride: String?

    /// `SNAPSHOT_ARTIFACTS`, else a `vignette-snapshots` folder in the temporary directory.
    static var folder: URL {
        if let path = folderOverride ?? ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("vignette-snapshots", isDirectory: true)
    }

    /// One failure image as PNG: `suffix` is `actual`, `reference`, `diff` or `side-by-side`.
    struct Image {
        var suffix: String
        var png: Data
    }

    struct Files {
        var actual: String?
        var reference: String?
        var diff: String?
        var sideBySide: String?
        var problem: String?
    }

    /// The failure images, encoded once: for the folder and for the test's attachments.
    /// The diff is missing when the sizes differ; the side-by-side when it would exceed its budget.
    static func images(reference: Bitmap, actual: Bitmap, comparison: ImageComparison) -> (images: [Image], problem: String?) {
        var images: [Image] = []
        var problems: [String] = []
        func add(_ bitmap: Bitmap?, _ suffix: String) {
            guard let bitmap, bitmap.width > 0, bitmap.height > 0 else { return }
            do {
                images.append(Image(suffix: suffix, png: try PNGCodec.encode(bitmap)))
            } catch {
                problems.append("could not encode the \(suffix) image: \(error)")
            }
        }
        add(actual, "actual")
        add(reference, "reference")
        add(comparison.diffImage(reference, actual), "diff")
        do {
            add(try comparison.sideBySide(reference, actual), "side-by-side")
        } catch {
            problems.append("no side-by-side image: \(error)")
        }
        return (images, problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    /// `<name>.<suffix>.png`, `<name>` being the snapshot's (`<test>.<n or name>`).
    static func fileName(_ image: Image) -> String {
        let base = baseName.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "snapshot"
        return "\(base).\(image.suffix).png"
    }

    static func write(_ images: [Image], problem: String?) -> Files {
        let base = folder.appendingPathComponent(baseName ?? "snapshot-\(UUID().uuidString.prefix(8))")
        var files = Files(problem: problem)
        do {
            try FileManager.default.createDirectory(at: base.deletingLastPathComponent(), withIntermediateDirectories: true)
            for image in images {
                let path = base.path + "." + image.suffix + ".png"
                try AtomicFile.write(image.png, to: path)
                switch image.suffix {
                case "actual": files.actual = path
                case "reference": files.reference = path
                case "diff": files.diff = path
                default: files.sideBySide = path
                }
            }
        } catch {
            files.problem = [problem, "could not write failure images: \(error)"].compactMap { $0 }.joined(separator: "; ")
        }
        return files
    }

    static func message(_ result: ImageComparison.Result, files: Files) -> String {
        var lines = ["Snapshot does not match the reference: \(result)."]
        if let path = files.sideBySide { lines.append("side by side (reference | actual | diff): \(path)") }
        if let path = files.diff {
            lines.append(
                "diff (red: beyond tolerance, yellow: anti-aliasing, orange: within tolerance, "
                    + "blue stripes: ignored): \(path)")
        }
        if let path = files.actual { lines.append("actual: \(path)") }
        if let path = files.reference { lines.append("reference: \(path)") }
        if let problem = files.problem { lines.append(problem) }
        return lines.joined(separator: "\n")
    }
}
