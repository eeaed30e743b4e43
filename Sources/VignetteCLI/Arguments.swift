import ArgumentParser
import Foundation
import Vignette

extension ContentMode: ExpressibleByArgument {
    /// Parses a content mode by its case name, as presets do (`aspectFill` or `aspect-fill`).
    public init?(argument: String) {
        guard let mode = try? PresentationSyntax.contentMode(argument) else { return nil }
        self = mode
    }
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

/// `--size 300x200` in points; fractional values are allowed; one side may
/// be 0 (`300x0`, `0x200`): open, it takes the image's.
struct SizeArgument: ExpressibleByArgument {
    let size: Size
    init?(argument: String) {
        guard let size = PresentationSyntax.size(argument), size.width > 0 || size.height > 0 else { return nil }
        self.size = size
    }
}

/// `--cache-limit 200MB`: a byte count with an optional unit. KB, MB, GB are
/// powers of 1000, KiB, MiB, GiB powers of 1024; a bare number is bytes.
struct ByteSizeArgument: ExpressibleByArgument, CustomStringConvertible {
    let bytes: Int
    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [
            ("kib", 1024), ("mib", 1_048_576), ("gib", 1_073_741_824),
            ("kb", 1e3), ("mb", 1e6), ("gb", 1e9), ("k", 1e3), ("m", 1e6), ("g", 1e9), ("b", 1)
        ]
        var number = text
        var multiplier = 1.0
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            number = String(text.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            multiplier = factor
            break
        }
        // Digits and one dot only: Double(_:) would also take "0x10" or "1e3".
        guard number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(number), value.isFinite, value > 0, value * multiplier < 1e15
        else { return nil }
        bytes = Int((value * multiplier).rounded())
        guard bytes > 0 else { return nil }
    }

    init(bytes: Int) { self.bytes = bytes }

    var description: String { "\(bytes) bytes" }
    var defaultValueDescription: String { "200MB" }
}

/// `--max-pixels 250000000` or `--max-pixels none`: a decoder limit the user
/// raises (or lifts) for their own files; `none` is `Int.max`.
struct LimitArgument: ExpressibleByArgument, CustomStringConvertible {
    let value: Int

    init(_ value: Int) { self.value = value }

    init?(argument: String) {
        if argument.lowercased() == "none" {
            value = .max
        } else if let number = Int(argument.replacingOccurrences(of: "_", with: "")), number > 0 {
            value = number
        } else {
            return nil
        }
    }

    var description: String { value == .max ? "none" : String(value) }
}
