/// Path arithmetic done on the string, without Foundation.
///
/// `NSString.deletingLastPathComponent` traps on Linux (swift-corelibs-
/// foundation in Swift 6.3) for a one-character name such as `c` or `c/`,
/// which is what a user types for `--cache-dir c` or `-o a`.
package enum FilePaths {
    /// The folder part of `path`: `""` for a bare name (the current folder),
    /// `/` for a name at the root; trailing and doubled slashes are ignored.
    ///
    ///     FilePaths.parent(of: "cache/db.sqlite")  // "cache"
    ///     FilePaths.parent(of: "c")                // ""
    package static func parent(of path: String) -> String {
        var name = Substring(path)
        while name.count > 1, name.hasSuffix("/") { name = name.dropLast() }
        guard let slash = name.lastIndex(of: "/") else { return "" }
        var folder = name[..<slash]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
