/// The `@2x` / `@3x` naming convention for pixel density.
package enum ImageScale {
    /// The scale a file name declares: `icon@2x.png` → 2, `photo.v2@3x.png`
    /// → 3, anything else → 1. Only the last path component counts, and only
    /// its last extension is removed before looking for `@<n>x`.
    package static func fromFileName(_ path: String) -> Double {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        guard let at = stem.lastIndex(of: "@") else { return 1 }
        let suffix = stem[stem.index(after: at)...]
        guard suffix.hasSuffix("x"), let value = Int(suffix.dropLast()), value >= 1, value <= 16 else { return 1 }
        return Double(value)
    }
}
