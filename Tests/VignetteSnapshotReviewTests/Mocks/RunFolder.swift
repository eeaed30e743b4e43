import Foundation
import VignetteSnapshotReview

/// A package folder as a snapshot run leaves it: Snapshots/ with
/// Suite/changed.1.png, Suite/passed.1.png, Suite/recorded.1.png and
/// Old/gone.1.png; the artifacts of a complete run in which changed.1 failed
/// against its reference, new.1 failed for want of one, recorded.1 was
/// recorded by the run, passed.1 passed, and Old/gone.1 was not asserted.
/// The review never decodes an image, so the "PNGs" are tagged bytes.
struct RunFolder {
    let root: URL
    var snapshots: URL { root.appendingPathComponent("Snapshots") }
    var artifacts: URL { root.appendingPathComponent(".build/vignette-snapshots") }
    var meta: URL { artifacts.appendingPathComponent(SnapshotRunFormat.folderName) }
    var folders: SnapshotFolders { SnapshotFolders(snapshots: snapshots.path, artifacts: artifacts.path, environment: [:]) }

    static func png(_ tag: String) -> Data { Data("\u{89}PNG fake \(tag)".utf8) }

    init(complete: Bool = true) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-review-\(UUID().uuidString)")
        for name in ["Suite/changed.1.png", "Suite/passed.1.png", "Suite/recorded.1.png", "Old/gone.1.png"] {
            try write(Self.png("reference \(name)"), snapshots, name)
        }
        for name in ["Suite/changed.1.png", "Suite/new.1.png", "Suite/passed.1.png", "Suite/recorded.1.png"] {
            try write(Self.png("actual \(name)"), artifacts, name)
        }
        let images = meta.appendingPathComponent("images")
        try write(Self.png("diff"), images, "Suite/changed.1.diff.png")
        let figures = SnapshotFigures(
            referenceWidth: 8, referenceHeight: 8, actualWidth: 8, actualHeight: 8, precision: 1, perceptualPrecision: 0.98,
            maxDifferentPixels: nil, antiAliasing: "strict", differingPixels: 12, failingPixels: 5, antiAliasedPixels: 0,
            ignoredDifferingPixels: 2, worstDeltaE: 7.5, p99DeltaE: 7.25, worstX: 3, worstY: 4,
            bounds: .init(x: 1, y: 2, width: 4, height: 4), ignored: [.init(x: 0, y: 0, width: 2, height: 2)], ignoredMasks: 0,
            summary: "12 of 64 pixels differ")
        try write(try JSONEncoder().encode(figures), images, "Suite/changed.1.json")
        try write(Data("Suite/changed.1.png\nSuite/new.1.png\nSuite/passed.1.png\nSuite/recorded.1.png\n".utf8), meta, "asserted-7.txt")
        try write(Data("Suite/changed.1.png\nSuite/new.1.png\n../escape.png\n".utf8), meta, "failed-7.txt")
        try write(Data("Suite/recorded.1.png\n".utf8), meta, "recorded-7.txt")
        let process = SnapshotRunFormat.Process(pid: 7, library: "swift-testing", arguments: ["tests"], filtered: false, complete: complete)
        try write(try JSONEncoder().encode(process), meta, "process-7.json")
        try write(Data("swift-testing\n".utf8), meta, "libraries")
    }

    func write(_ data: Data, _ folder: URL, _ name: String) throws {
        let file = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    func reference(_ name: String) -> Data? { FileManager.default.contents(atPath: snapshots.appendingPathComponent(name).path) }

    func review(_ environment: [String: String] = [:]) throws -> SnapshotReview {
        try SnapshotReview(folders: folders, environment: environment)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// The VignetteSnapshotsTool that `swift test` built, beside the test bundle.
    var toolBinary: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("VignetteSnapshotsTool") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// Runs the built VignetteSnapshotsTool in the folder, with `environment` only;
    /// its standard output and error together.
    func tool(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = toolBinary
        (process.arguments, process.currentDirectoryURL, process.environment) = (arguments, root, environment)
        let both = Pipe()
        (process.standardOutput, process.standardError) = (both, both)
        try process.run()
        let output = both.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
