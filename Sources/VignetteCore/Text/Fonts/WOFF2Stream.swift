/// A bounds-checked reader over a part of a WOFF2 file or of its
/// decompressed tables: every read past the part's end is a
/// `Font.Error.malformedWOFF` naming the part, never a trap.
struct WOFF2Stream {
    private let bytes: [UInt8]
    private(set) var at: Int
    let end: Int
    private let name: String
    private let part: String

    /// `count` bytes of `bytes` from `start`, read as `part` of the font `name`.
    init(_ bytes: [UInt8], from start: Int, count: Int, name: String, part: String) throws(Font.Error) {
        guard start >= 0, count >= 0, count <= bytes.count - start else {
            throw .malformedWOFF(name: name, reason: "WOFF2 \(part) (\(count) bytes at \(start)) lies outside its data")
        }
        (self.bytes, at, end, self.name, self.part) = (bytes, start, start + count, name, part)
    }

    /// The error for this part: `reason` said of it.
    func failure(_ reason: String) -> Font.Error { .malformedWOFF(name: name, reason: "WOFF2 \(part): \(reason)") }

    /// The next `count` bytes.
    mutating func take(_ count: Int) throws(Font.Error) -> ArraySlice<UInt8> {
        guard count >= 0, count <= end - at else { throw failure("ends early (\(count) bytes wanted, \(end - at) left)") }
        defer { at += count }
        return bytes[at..<at + count]
    }

    mutating func u8() throws(Font.Error) -> Int { Int(try take(1).first!) }

    mutating func u16() throws(Font.Error) -> Int {
        let b = try take(2)
        return Int(b[b.startIndex]) << 8 | Int(b[b.startIndex + 1])
    }

    mutating func i16() throws(Font.Error) -> Int { Int(Int16(truncatingIfNeeded: try u16())) }

    mutating func u32() throws(Font.Error) -> Int {
        let b = try take(4)
        return b.reduce(0) { $0 << 8 | Int($1) }
    }

    /// UIntBase128: 1–5 bytes of 7 bits, high bit set on all but the last; no leading zero, at most 2³²−1.
    mutating func base128() throws(Font.Error) -> Int {
        var value = 0
        for index in 0..<5 {
            let byte = try u8()
            guard !(index == 0 && byte == 0x80) else { throw failure("a UIntBase128 has a leading zero") }
            guard value & 0xFE00_0000 == 0 else { throw failure("a UIntBase128 overflows 32 bits") }
            value = value << 7 | byte & 0x7F
            if byte & 0x80 == 0 { return value }
        }
        throw failure("a UIntBase128 is longer than 5 bytes")
    }

    /// 255UInt16: one byte below 253, else a code byte and one or two more.
    mutating func u255() throws(Font.Error) -> Int {
        switch try u8() {
        case 253: try u16()
        case 254: try u8() + 253 * 2
        case 255: try u8() + 253
        case let code: code
        }
    }
}
