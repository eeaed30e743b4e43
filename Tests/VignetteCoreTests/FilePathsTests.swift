import Testing

@testable import VignetteCore

/// The folder of a path, as the cache and the CLI's `-o` need it: computed on
/// the string, since Foundation traps on one-character names on Linux.
@Suite struct FilePathsTests {
    @Test(arguments: [
        ("c", ""), ("c/", ""), ("cc", ""), ("c/d", "c"), ("c//d", "c"), ("c/d/", "c"), ("/a", "/"), ("/", "/"),
        ("//a", "/"), ("", ""), ("./c", "."), ("a/b/cache.sqlite", "a/b"), ("/tmp/x/", "/tmp")
    ])
    func parent(path: String, expected: String) {
        #expect(FilePaths.parent(of: path) == expected, "\(path)")
    }
}
