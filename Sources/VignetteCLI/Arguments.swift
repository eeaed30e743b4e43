import ArgumentParser
import Vignette

extension ContentMode: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}

/// `--tint #RRGGBB`: parse errors become usage errors (exit 64).
struct ColorArgument: ExpressibleByArgument {
    let color: Color
    init?(argument: String) {
        guard let color = try? Color(hex: argument) else { return nil }
        self.color = color
    }
    static var defaultCompletionKind: CompletionKind { .default }
}

/// `--size 300x200` in points; fractional values are allowed.
struct SizeArgument: ExpressibleByArgument {
    let size: Size
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w > 0, h > 0 else { return nil }
        size = Size(width: w, height: h)
    }
}
