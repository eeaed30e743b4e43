import ArgumentParser
import Vignette

extension ContentMode: ExpressibleByArgument {
    /// Parses a content mode by its case name.
    public init?(argument: String) { self.init(rawValue: argument) }
}

/// Option parsers whose errors keep the library's message (exit 64).
enum Arguments {
    /// `--tint #RRGGBB`: "invalid colour 'red': it must start with '#'…".
    static func color(_ text: String) throws -> Color {
        do {
            return try Color(hex: text)
        } catch {
            throw ValidationError(error.description)
        }
    }
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
