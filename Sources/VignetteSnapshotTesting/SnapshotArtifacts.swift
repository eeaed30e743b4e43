import Foundation
import VignetteCore

/// Where failure images go and how they are named.
///
/// Under `assertImageSnapshot` (which sets `baseName`, `<Suite>/<test>.<n>`)
/// the actual goes to `<folder>/<Suite>/<test>.<n>.png`, the reference's
/// own path under `Snapshots/`, so `vignette compare Snapshots <folder>`
/// pairs them; reference, diff and side by side go under
/// `<folder>/.vignette-run/images/` (hidden, so the comparison skips them).
/// Without a name (swift-snapshot-testing's own `assertSnapshot`) all four
/// go there as `snapshot-<random>.<suffix>.png`.
enum SnapshotArtifacts {
    /// Set by `assertImageSnapshot` so artifacts carry the snapshot's own name.
    @TaskLocal static var baseName: String?
    /// Set by `assertImageSnapshot`: the run's artifacts folder.
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
    /// When the sizes differ the diff is of the overlap (the top-left
    /// region both images cover); the side-by-side is missing when it would
    /// exceed its budget.
    static func images(reference: Bitmap, actual: Bitmap, comparison: ImageComparison) -> (images: [Image], problem: String?) {
        var images: [Image] = []
        var problems: [String] = []
        func add(_ bitmap: Bitmap?, _ suffix: String) {
            guard let bitmap, bitmap.width > 0, bitmap.height > 0 else { return }
            do {
                images.append(Image(suffix: suffix, png: try bitmap.encoded()))
            } catch {
                problems.append("could not encode the \(suffix) image: \(error)")
            }
        }
        add(actual, "actual")
        add(reference, "reference")
        add(comparison.diffImage(reference, actual) ?? overlapDiff(reference, actual, comparison: comparison), "diff")
        do {
            add(try comparison.sideBySide(reference, actual), "side-by-side")
        } catch {
            problems.append("no side-by-side image: \(error)")
        }
        return (images, problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    /// The diff of the top-left region two images of different sizes share.
    static func overlapDiff(_ reference: Bitmap, _ actual: Bitmap, comparison: ImageComparison) -> Bitmap? {
        let width = min(reference.width, actual.width)
        let height = min(reference.height, actual.height)
        guard width > 0, height > 0 else { return nil }
        func topLeft(_ bitmap: Bitmap) -> Bitmap? {
            var pixels: [UInt8] = []
            pixels.reserveCapacity(width * height * 4)
            for row in 0..<height {
                let start = row * bitmap.width * 4
                pixels.append(contentsOf: bitmap.pixels[start..<start + width * 4])
            }
            return try? Bitmap(width: width, height: height, scale: bitmap.scale, premultipliedRGBA: pixels)
        }
        guard let reference = topLeft(reference), let actual = topLeft(actual) else { return nil }
        return comparison.diffImage(reference, actual)
    }

    /// `<name>.<suffix>.png`, `<name>` being the snapshot's (`<test>.<n or name>`).
    static func fileName(_ image: Image) -> String {
        let base = baseName.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "snapshot"
        return "\(base).\(image.suffix).png"
    }

    /// Where an image of the snapshot `name` (`<Suite>/<test>.<n>`) goes in
    /// `folder`; `mirrored`: the actual takes the reference's relative path.
    static func path(of suffix: String, named name: String, mirrored: Bool = true, in folder: URL) -> URL {
        if mirrored, suffix == "actual" { return folder.appendingPathComponent(name + ".png") }
        let images = SnapshotRun.metadata(folder).appendingPathComponent("images", isDirectory: true)
        return images.appendingPathComponent(name + "." + suffix + ".png")
    }

    static func write(_ images: [Image], problem: String?) -> Files {
        let name = baseName ?? "snapshot-\(UUID().uuidString.prefix(8))"
        var files = Files(problem: problem)
        do {
            for image in images {
                let file = path(of: image.suffix, named: name, mirrored: baseName != nil, in: folder)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                let path = file.path
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
        if let path = files.sideBySide {
            lines.append("side by side (reference | actual\(result.sizesDiffer ? "" : " | diff")): \(path)")
        }
        if let path = files.diff, result.sizesDiffer {
            let size =
                "\(min(result.referenceSize.width, result.actualSize.width))x"
                + "\(min(result.referenceSize.height, result.actualSize.height))"
            lines.append("diff of the overlap (the top-left \(size) px both cover): \(path)")
        } else if let path = files.diff {
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
