/// Reads SVG's numbers, flags and separators from UTF-8 bytes: the grammar
/// of path data, `points`, `viewBox`, transforms and lengths.
package struct NumberScanner {
    let bytes: [UInt8]
    package var index = 0

    package init(_ string: String) { bytes = Array(string.utf8) }

    package var isAtEnd: Bool { index >= bytes.count }
    package var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    package mutating func skipSpace() {
        while let byte = peek, byte.isXMLSpace { index += 1 }
    }

    /// White space, then at most one comma, then white space.
    package mutating func skipSeparator() {
        skipSpace()
        if peek == UInt8(ascii: ",") {
            index += 1
            skipSpace()
        }
    }

    /// A number (`-1.5e3`, `.5`, `+2`), or nil (nothing consumed) when none starts here.
    package mutating func number() -> Double? {
        let start = index
        var cursor = index
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
        let integerStart = cursor
        while cursor < bytes.count, bytes[cursor].isDigit { cursor += 1 }
        var digits = cursor - integerStart
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
            let fractionStart = cursor + 1
            var end = fractionStart
            while end < bytes.count, bytes[end].isDigit { end += 1 }
            if end > fractionStart || digits > 0 {
                digits += end - fractionStart
                cursor = end
            }
        }
        guard digits > 0 else { return nil }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "e") || bytes[cursor] == UInt8(ascii: "E") {
            var end = cursor + 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") { end += 1 }
            let exponentStart = end
            while end < bytes.count, bytes[end].isDigit { end += 1 }
            // "1em" or "2ex" are units, not exponents.
            if end > exponentStart { cursor = end }
        }
        guard let value = Double(String(decoding: bytes[start..<cursor], as: UTF8.self)), value.isFinite else { return nil }
        index = cursor
        return value
    }

    /// A number followed by a separator.
    package mutating func listNumber() -> Double? {
        guard let value = number() else { return nil }
        skipSeparator()
        return value
    }

    /// An arc flag: exactly `0` or `1`, which may run into what follows.
    package mutating func flag() -> Bool? {
        guard let byte = peek, byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else { return nil }
        index += 1
        skipSeparator()
        return byte == UInt8(ascii: "1")
    }

    /// Every number of a list (`points`, `viewBox`), or nil if anything else is in it.
    package static func list(_ string: String) -> [Double]? {
        var scanner = NumberScanner(string)
        scanner.skipSpace()
        var values: [Double] = []
        while !scanner.isAtEnd {
            guard let value = scanner.listNumber() else { return nil }
            values.append(value)
        }
        return values
    }
}

extension UInt8 {
    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
