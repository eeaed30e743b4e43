import Foundation

/// Locates files under `Tests/VignetteTests/Fixtures/` (excluded from the
/// test target's sources, so read straight from the checkout).
enum Fixtures {
    /// The fixtures folder, found from this source file's own path.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Mocks/
        .deletingLastPathComponent()  // VignetteTests/
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// A fixture by its path relative to `Fixtures/`, e.g. `"pngsuite/basn0g08.png"`.
    static func url(_ relative: String) -> URL {
        root.appendingPathComponent(relative)
    }

    /// A fixture's bytes; fails the calling test (by throwing) when it is missing.
    static func data(_ relative: String) throws -> Data {
        try Data(contentsOf: url(relative))
    }

    /// The repository root (above `Tests/`), for files that live in `Sources/`.
    static let repositoryRoot: URL = root
        .deletingLastPathComponent()  // VignetteTests/
        .deletingLastPathComponent()  // Tests/
        .deletingLastPathComponent()
}
