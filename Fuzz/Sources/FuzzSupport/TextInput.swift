import Foundation

/// Inputs read as text lines, for the header parsers.
public enum TextInput {
    /// A fixed "now", so that a crash reproduces whatever the clock says.
    public static let now = Date(timeIntervalSince1970: 1_750_000_000)

    /// The input cut after every LF, each line keeping its line end (as
    /// libcurl delivers header lines).
    public static func lines(_ data: Data) -> [Data] {
        var lines: [Data] = []
        var start = data.startIndex
        for index in data.indices where data[index] == 0x0A {
            lines.append(data[start...index])
            start = index + 1
        }
        if start < data.endIndex { lines.append(data[start...]) }
        return lines
    }

    /// The lines as strings without their line ends (invalid UTF-8 repaired).
    public static func strings(_ data: Data) -> [String] {
        lines(data).map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .newlines) }
    }
}
