extension WOFF2Reader.Glyphs {
    /// A simple glyph: contour ends from nPoints, each point's flag byte and
    /// triplet deltas, instructions; written as TrueType flags and x, y deltas
    /// (short where they fit), with the stored box or the points' own.
    mutating func simple(_ contours: Int, explicitBox: Bool, overlap: Bool, _ s: inout Streams) throws(Font.Error) {
        var ends: [Int] = []
        var total = 0
        for _ in 0..<contours {
            let points = try s.points.u255()
            total += points
            guard points > 0, total <= 0xFFFF else { throw s.points.failure("a contour has \(points) points") }
            ends.append(total - 1)
        }
        var xs: [Int] = []
        var ys: [Int] = []
        var on: [Bool] = []
        var (x, y) = (0, 0)
        for _ in 0..<total {
            let flag = try s.flags.u8()
            let (dx, dy) = try Self.delta(flag, &s.glyphs)
            (x, y) = (x + dx, y + dy)
            guard Int16(exactly: x) != nil, Int16(exactly: y) != nil else { throw s.glyphs.failure("a point lies outside 16 bits") }
            xs.append(x)
            ys.append(y)
            on.append(flag & 0x80 == 0)
        }
        let instructionCount = try s.glyphs.u255()
        let instructions = try s.instructions.take(instructionCount)
        var box: [Int]
        if explicitBox {
            box = []
            for _ in 0..<4 { box.append(try s.boxes.i16()) }
        } else {
            box = [xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0]
        }
        xMins.append(box[0])
        glyf.appendBigEndian(contours, bytes: 2)
        for value in box + ends { glyf.appendBigEndian(value, bytes: 2) }
        glyf.appendBigEndian(instructionCount, bytes: 2)
        glyf += instructions
        appendPoints(xs, ys, on, overlap: overlap)
    }

    /// TrueType's flags, then x deltas, then y deltas: a zero delta is a flag
    /// bit alone, one within ±255 a byte with its sign in the flag.
    private mutating func appendPoints(_ xs: [Int], _ ys: [Int], _ on: [Bool], overlap: Bool) {
        var flags: [UInt8] = []
        var xBytes: [UInt8] = []
        var yBytes: [UInt8] = []
        func encode(_ delta: Int, short: UInt8, same: UInt8, into bytes: inout [UInt8]) -> UInt8 {
            if delta == 0 { return same }
            if abs(delta) <= 255 {
                bytes.append(UInt8(abs(delta)))
                return short | (delta > 0 ? same : 0)
            }
            bytes.appendBigEndian(delta, bytes: 2)
            return 0
        }
        for i in xs.indices {
            var flag: UInt8 = on[i] ? 0x01 : 0
            if i == 0 && overlap { flag |= 0x40 }
            flag |= encode(xs[i] - (i > 0 ? xs[i - 1] : 0), short: 0x02, same: 0x10, into: &xBytes)
            flag |= encode(ys[i] - (i > 0 ? ys[i - 1] : 0), short: 0x04, same: 0x20, into: &yBytes)
            flags.append(flag)
        }
        glyf += flags + xBytes + yBytes
    }

    /// A point's deltas by WOFF2's triplet encoding: the flag's low 7 bits
    /// pick how many bytes follow and how their bits split between x and y;
    /// its two lowest bits are the signs of x and y (set: positive).
    static func delta(_ flag: Int, _ s: inout WOFF2Stream) throws(Font.Error) -> (Int, Int) {
        let f = flag & 0x7F
        func signed(_ bit: Int, _ value: Int) -> Int { bit & 1 != 0 ? value : -value }
        switch f {
        case ..<10:
            let b1 = try s.u8()
            return (0, signed(f, (f & 14) << 7 + b1))
        case ..<20:
            let b1 = try s.u8()
            return (signed(f, ((f - 10) & 14) << 7 + b1), 0)
        case ..<84:
            let b0 = f - 20
            let b1 = try s.u8()
            return (signed(f, 1 + (b0 & 0x30) + b1 >> 4), signed(f >> 1, 1 + (b0 & 0x0C) << 2 + (b1 & 0x0F)))
        case ..<120:
            let b0 = f - 84
            let (b1, b2) = try (s.u8(), s.u8())
            return (signed(f, 1 + (b0 / 12) << 8 + b1), signed(f >> 1, 1 + ((b0 % 12) >> 2) << 8 + b2))
        case ..<124:
            let (b1, b2, b3) = try (s.u8(), s.u8(), s.u8())
            return (signed(f, b1 << 4 + b2 >> 4), signed(f >> 1, (b2 & 0x0F) << 8 + b3))
        default:
            let (x, y) = try (s.u16(), s.u16())
            return (signed(f, x), signed(f >> 1, y))
        }
    }

    /// A transformed `hmtx` (version 1) rebuilt: advances as stored, left side
    /// bearings as stored or, where the flags leave them out, each glyph's xMin.
    func metrics(_ stream: [UInt8], _ table: WOFF2Reader.Table, hhea: WOFF2Stream, name: String) throws(Font.Error) -> [UInt8] {
        var hhea = hhea
        let metrics = try hhea.u16()
        var s = try WOFF2Stream(stream, from: table.offset, count: table.length, name: name, part: "hmtx")
        let flags = try s.u8()
        guard flags & 0x03 != 0, flags & 0xFC == 0 else { throw s.failure("transform flags \(flags)") }
        guard metrics >= 1, metrics <= xMins.count else { throw s.failure("\(metrics) metrics for \(xMins.count) glyphs") }
        var advances: [Int] = []
        for _ in 0..<metrics { advances.append(try s.u16()) }
        var bearings: [Int] = []
        for index in 0..<xMins.count {
            let omitted = index < metrics ? flags & 0x01 != 0 : flags & 0x02 != 0
            bearings.append(omitted ? xMins[index] : try s.i16())
        }
        var out: [UInt8] = []
        for index in 0..<xMins.count {
            if index < metrics { out.appendBigEndian(advances[index], bytes: 2) }
            out.appendBigEndian(bearings[index], bytes: 2)
        }
        guard out.count == table.originalLength else { throw s.failure("rebuilt to \(out.count) bytes, not the \(table.originalLength) stated") }
        return out
    }
}
