import Foundation

/// Locates files under `Tests/Fixtures/` (in no target's sources, so read
/// straight from the checkout).
public enum Fixtures {
    /// The fixtures folder, found from this source file's own path.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support/
        .deletingLastPathComponent()  // Tests/
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// A fixture by its path relative to `Fixtures/`, e.g. `"pngsuite/basn0g08.png"`.
    public static func url(_ relative: String) -> URL {
        root.appendingPathComponent(relative)
    }

    /// A fixture's bytes; fails the calling test (by throwing) when it is missing.
    public static func data(_ relative: String) throws -> Data {
        try Data(contentsOf: url(relative))
    }

    /// The repository root (above `Tests/`), for files that live in `Sources/`.
    public static let repositoryRoot: URL =
        root
        .deletingLastPathComponent()  // Tests/
        .deletingLastPathComponent()

    /// A small real PNG (the 96×96 address-book icon at 2x) for loader and pipeline tests.
    public static let iconPNG: Data =
        (try? Data(
            contentsOf:
                repositoryRoot
                .appendingPathComponent("Sources/VignetteCatalog/Resources/address-book@2x.png"))) ?? Data()
}
