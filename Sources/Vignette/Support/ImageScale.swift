/// The `@2x` / `@3x` naming convention for pixel density.
public enum ImageScale {
    /// The scale a file name declares: `icon@2x.png` → 2, `icon@3x.png` → 3,
    /// anything else → 1. Only the last path component is read.
    public static func fromFileName(_ path: String) -> Double {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? name
        guard let at = stem.lastIndex(of: "@") else { return 1 }
        let suffix = stem[stem.index(after: at)...]
        guard suffix.hasSuffix("x"), let value = Int(suffix.dropLast()), value >= 1, value <= 16 else { return 1 }
        return Double(value)
    }
}
