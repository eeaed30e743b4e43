/// Names, attributes, character data and entities.
extension SVGXMLReader {
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    func starts(with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    mutating func skipSpace() {
        while index < bytes.count && bytes[index].isXMLSpace { index += 1 }
    }

    /// Moves past the next `terminator`.
    mutating func skip(past terminator: StaticString) throws(SVGDocument.Error) {
        let start = index
        while index < bytes.count {
            if starts(with: terminator) {
                index += terminator.utf8CodeUnitCount
                return
            }
            index += 1
        }
        index = start
        throw malformed("'\(terminator)' never comes")
    }

    func malformed(_ reason: String) -> SVGDocument.Error {
        .malformedXML(offset: index, reason: reason)
    }

    /// An XML name: up to white space, `/`, `>`, `=` or a quote.
    mutating func name() throws(SVGDocument.Error) -> String {
        let start = index
        while let byte = peek, !byte.isXMLSpace, !"/>=\"'<&".utf8.contains(byte) { index += 1 }
        guard index > start else { throw malformed("expected a name") }
        guard let name = String(validating: bytes[start..<index], as: UTF8.self) else { throw malformed("a name is not UTF-8") }
        return name
    }

    /// `name="value"` pairs up to `>` or `/>`, entities expanded; a repeated name is malformed.
    mutating func rawAttributes() throws(SVGDocument.Error) -> [(String, String)] {
        var result: [(String, String)] = []
        while true {
            let hadSpace = peek?.isXMLSpace ?? false
            skipSpace()
            guard let byte = peek else { throw malformed("unterminated tag") }
            if byte == UInt8(ascii: ">") || starts(with: "/>") { return result }
            guard hadSpace else { throw malformed("expected white space between attributes") }
            let key = try name()
            skipSpace()
            guard peek == UInt8(ascii: "=") else { throw malformed("expected '=' after \(key)") }
            index += 1
            skipSpace()
            guard let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw malformed("expected a quoted value for \(key)")
            }
            index += 1
            var value: [UInt8] = []
            while let next = peek, next != quote {
                guard next != UInt8(ascii: "<") else { throw malformed("'<' in the value of \(key)") }
                if next == UInt8(ascii: "&") {
                    try entity(into: &value)
                } else {
                    // Attribute-value normalisation: each white-space character is a space.
                    value.append(next.isXMLSpace ? 0x20 : next)
                    index += 1
                }
                guard value.count <= limits.maxAttributeBytes else { throw .limitExceeded(limit: "maxAttributeBytes", value: value.count) }
            }
            guard peek == quote else { throw malformed("unterminated value of \(key)") }
            index += 1
            guard !result.contains(where: { $0.0 == key }) else { throw malformed("attribute \(key) repeated") }
            guard let string = String(validating: value, as: UTF8.self) else { throw malformed("the value of \(key) is not UTF-8") }
            result.append((key, string))
        }
    }

    /// Text up to the next `<`, entities expanded.
    mutating func characterData(into text: inout [UInt8]) throws(SVGDocument.Error) {
        while let byte = peek, byte != UInt8(ascii: "<") {
            if byte == UInt8(ascii: "&") {
                try entity(into: &text)
            } else {
                text.append(byte)
                index += 1
            }
            guard text.count <= limits.maxAttributeBytes else { throw .limitExceeded(limit: "maxAttributeBytes", value: text.count) }
        }
    }

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&#N;` `&#xN;`; anything else is refused.
    mutating func entity(into text: inout [UInt8]) throws(SVGDocument.Error) {
        let start = index
        guard let end = bytes[index...].prefix(16).firstIndex(of: UInt8(ascii: ";")) else {
            throw .malformedXML(offset: start, reason: "'&' not followed by an entity or character reference")
        }
        let body = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        index = end + 1
        switch body {
        case "lt": text.append(UInt8(ascii: "<"))
        case "gt": text.append(UInt8(ascii: ">"))
        case "amp": text.append(UInt8(ascii: "&"))
        case "quot": text.append(UInt8(ascii: "\""))
        case "apos": text.append(UInt8(ascii: "'"))
        default:
            guard body.hasPrefix("#") else { throw .undefinedEntity(offset: start, name: body) }
            let digits = body.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
                throw .malformedXML(offset: start, reason: "'&\(body);' is not a valid character reference")
            }
            text += Array(String(Character(scalar)).utf8)
        }
    }
}
