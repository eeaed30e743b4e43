import Foundation
import Vignette

/// The `--report DIR` folder: `index.html`, `summary.json` and `images/`
/// with, per file that differs, the reference, the actual and the diff
/// image. Every file name it writes is made here from an index and the
/// image's name reduced to `[A-Za-z0-9._-]`: nothing is ever written outside
/// the folder, whatever the compared folders hold. A pre-existing `images`
/// that is not a real folder (e.g. a symbolic link) is refused; files are
/// written atomically (a link at a file's name is replaced, not followed).
final class CompareReport: Sendable {
    /// The folder as given.
    let folder: String
    /// Its resolved path (the listing skips it).
    let realFolder: String
    private let images: String
    private let failures = Locked<[String]>([])

    init(folder: String) throws(CompareEntry.Failure) {
        self.folder = folder
        do {
            try OutputFolder.create(folder)
        } catch {
            throw .init(error.description)
        }
        guard let real = CompareInputs.realPath(folder) else { throw .init("cannot resolve the folder") }
        realFolder = real
        images = real + "/images"
        var info = stat()
        if lstat(images, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw .init("\(folder)/images exists and is not a folder (a symbolic link is not followed)")
            }
        } else if mkdir(images, 0o777) != 0 {
            throw .init("cannot create \(folder)/images: \(String(cString: strerror(errno)))")
        }
    }

    /// A name for one image's artifact, unique by `index`, safe in a URL and a path.
    static func artifactName(index: Int, path: String, kind: String) -> String {
        let stem = (path as NSString).deletingPathExtension
        var safe = String(
            stem.unicodeScalars.map { scalar -> Character in
                let c = Character(scalar)
                return scalar.isASCII && (c.isLetter || c.isNumber || c == "." || c == "-" || c == "_") ? c : "_"
            })
        while safe.hasPrefix(".") { safe.removeFirst() }
        safe = String(safe.suffix(80))
        let number = String(index + 1)
        return "images/" + String(repeating: "0", count: max(0, 4 - number.count)) + number + "-" + safe + "." + kind + ".png"
    }

    /// Writes the artifacts of one image; nil and a recorded failure when one cannot be written.
    func writeArtifacts(
        index: Int, path: String, reference: CompareFolders.Loaded?, actual: CompareFolders.Loaded?,
        comparison: ImageComparison
    ) -> CompareEntry.Artifacts? {
        var artifacts = CompareEntry.Artifacts()
        do {
            if let reference {
                artifacts.reference = try write(try Self.png(reference), Self.artifactName(index: index, path: path, kind: "reference"))
            }
            if let actual {
                artifacts.actual = try write(try Self.png(actual), Self.artifactName(index: index, path: path, kind: "actual"))
            }
            if let reference, let actual, reference.size == actual.size,
                reference.width * reference.height <= ImageComparison.maxArtifactPixelCount
            {
                let bitmaps = try [reference, actual].map {
                    try Bitmap(width: $0.width, height: $0.height, straightRGBA: $0.pixels)
                }
                if let diff = comparison.diffImage(bitmaps[0], bitmaps[1]) {
                    artifacts.diff = try write(
                        try diff.encoded(options: EncodingOptions(compression: .fastest)),
                        Self.artifactName(index: index, path: path, kind: "diff"))
                }
            }
        } catch {
            failures.withLock { $0.append("\(CompareEntry.printable(path)): \(error)") }
            return nil
        }
        return artifacts
    }

    /// The PNG file as read, or one made of the pixels of another format.
    private static func png(_ image: CompareFolders.Loaded) throws -> Data {
        if let png = image.png { return png }
        return try Bitmap(width: image.width, height: image.height, straightRGBA: image.pixels)
            .encoded(options: EncodingOptions(compression: .fastest))
    }

    /// Writes `data` at `name` (relative to the report folder); returns `name`.
    private func write(_ data: Data, _ name: String) throws -> String {
        // Made by artifactName: "images/" and one component of safe characters.
        precondition(name.hasPrefix("images/") && name.split(separator: "/").count == 2, "artifact names are made here")
        try AtomicFile.write(data, to: realFolder + "/" + name)
        return name
    }

    /// Writes `summary.json` and `index.html`; false (after printing why)
    /// when any part of the report could not be written.
    func finish(summary: CompareSummary, entries: [CompareEntry]) -> Bool {
        do {
            try AtomicFile.write(Data(summary.jsonText.utf8), to: realFolder + "/summary.json")
            try AtomicFile.write(Data(CompareReportPage(summary: summary).html.utf8), to: realFolder + "/index.html")
        } catch {
            failures.withLock { $0.append(error.description) }
        }
        let failed = failures.withLock { $0 }
        for failure in failed { CompareFolders.printError("error: --report \(folder): \(failure)") }
        return failed.isEmpty
    }
}
