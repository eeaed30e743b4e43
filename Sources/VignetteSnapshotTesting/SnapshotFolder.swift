import Foundation

/// Resolves where references live: `Snapshots/<TestSuite>/` at the package
/// root, found by walking up from the test file to the folder that holds
/// `Package.swift`. `VIGNETTE_SNAPSHOTS` (a folder path) overrides the root.
public enum SnapshotFolder {
    /// The `Snapshots` folder for a test file.
    public static func root(forTestFile filePath: String) -> URL {
        root(forTestFile: filePath, environment: SnapshotEnvironment.current)
    }

    /// `<root>/<TestSuite>`, the suite being the test file's name without `.swift`.
    public static func directory(forTestFile filePath: String) -> URL {
        directory(forTestFile: filePath, environment: SnapshotEnvironment.current)
    }

    /// The run's artifacts folder (see `SnapshotRun`): `SNAPSHOT_ARTIFACTS`,
    /// else `.build/vignette-snapshots` at the package root (where
    /// `vignette snapshots` looks by default), else — no package above the
    /// test file — `vignette-snapshots` in the temporary folder.
    public static func artifacts(forTestFile filePath: String) -> URL {
        artifacts(forTestFile: filePath, environment: SnapshotEnvironment.current)
    }

    static func artifacts(forTestFile filePath: String, environment: [String: String]) -> URL {
        if let custom = environment["SNAPSHOT_ARTIFACTS"], !custom.isEmpty {
            return URL(fileURLWithPath: custom, isDirectory: true)
        }
        guard let package = packageRoot(forTestFile: filePath) else {
            return FileManager.default.temporaryDirectory.appendingPathComponent("vignette-snapshots", isDirectory: true)
        }
        return package.appendingPathComponent(".build/vignette-snapshots", isDirectory: true)
    }

    static func root(forTestFile filePath: String, environment: [String: String]) -> URL {
        if let custom = environment["VIGNETTE_SNAPSHOTS"], !custom.isEmpty {
            return URL(fileURLWithPath: custom, isDirectory: true)
        }
        // No package above the file: keep references beside it.
        let base = packageRoot(forTestFile: filePath) ?? URL(fileURLWithPath: filePath).deletingLastPathComponent()
        return base.appendingPathComponent("Snapshots", isDirectory: true)
    }

    /// The nearest folder above the test file that holds `Package.swift`.
    static func packageRoot(forTestFile filePath: String) -> URL? {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    static func directory(forTestFile filePath: String, environment: [String: String]) -> URL {
        let suite = URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent
        return root(forTestFile: filePath, environment: environment).appendingPathComponent(suite, isDirectory: true)
    }

    /// `renders(mode:)` → `renders`; anything but letters, digits, `-` and `_` becomes `-`.
    static func sanitize(_ name: String) -> String {
        let stem = name.split(separator: "(", maxSplits: 1).first.map(String.init) ?? name
        let cleaned = String(
            stem.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
                    ? Character(scalar) : "-"
            })
        return cleaned.isEmpty ? "snapshot" : cleaned
    }
}
