extension WOFF2Reader {
    /// A transformed `glyf` rebuilt (WOFF2 §5.1): its seven streams read
    /// glyph by glyph into TrueType glyphs, with the `loca` that indexes them
    /// and each glyph's xMin (what a transformed `hmtx` leaves out).
    struct Glyphs {
        var glyf: [UInt8] = []
        var loca: [UInt8] = []
        var xMins: [Int] = []

        /// The streams a glyph is read from, in the order the table stores them.
        struct Streams {
            var contours, points, flags, glyphs, composites, boxes, instructions: WOFF2Stream
            var overlaps: [UInt8]
            var boxBitmap: [UInt8]
        }

        init(_ stream: [UInt8], _ table: Table, name: String, limit: Int) throws(Font.Error) {
            var header = try WOFF2Stream(stream, from: table.offset, count: table.length, name: name, part: "glyf")
            _ = try header.u16()
            let options = try header.u16()
            let count = try header.u16()
            let indexFormat = try header.u16()
            var sizes: [Int] = []
            for _ in 0..<7 { sizes.append(try header.u32()) }
            var at = header.at
            func part(_ size: Int, _ what: String) throws(Font.Error) -> WOFF2Stream {
                guard size <= header.end - at else { throw header.failure("its \(what) stream lies outside the table") }
                defer { at += size }
                return try WOFF2Stream(stream, from: at, count: size, name: name, part: "glyf \(what)")
            }
            var s = Streams(
                contours: try part(sizes[0], "nContour"), points: try part(sizes[1], "nPoints"), flags: try part(sizes[2], "flag"),
                glyphs: try part(sizes[3], "glyph"), composites: try part(sizes[4], "composite"), boxes: try part(sizes[5], "bbox"),
                instructions: try part(sizes[6], "instruction"), overlaps: [], boxBitmap: [])
            if options & 1 != 0 {
                var overlaps = try part((count + 7) / 8, "overlapSimple")
                s.overlaps = Array(try overlaps.take((count + 7) / 8))
            }
            s.boxBitmap = Array(try s.boxes.take(4 * ((count + 31) / 32)))
            var offsets: [Int] = []
            for index in 0..<count {
                offsets.append(glyf.count)
                try glyph(index, &s)
                while glyf.count % 4 != 0 { glyf.append(0) }
                guard glyf.count <= limit else { throw header.failure("the glyphs rebuilt exceed the limit of \(limit) bytes") }
            }
            offsets.append(glyf.count)
            guard indexFormat == 1 || glyf.count <= 0x1FFFE else { throw header.failure("short loca offsets cannot reach \(glyf.count)") }
            for offset in offsets {
                if indexFormat == 1 { loca.appendBigEndian(offset, bytes: 4) } else { loca.appendBigEndian(offset / 2, bytes: 2) }
            }
        }

        private mutating func glyph(_ index: Int, _ s: inout Streams) throws(Font.Error) {
            let contours = try s.contours.i16()
            let explicitBox = s.boxBitmap[index >> 3] & (0x80 >> UInt8(index & 7)) != 0
            switch contours {
            case 0:
                guard !explicitBox else { throw s.boxes.failure("empty glyph \(index) has a bounding box") }
                xMins.append(0)
            case -1:
                guard explicitBox else { throw s.boxes.failure("composite glyph \(index) has no bounding box") }
                try composite(&s)
            case 1...:
                let overlap = index >> 3 < s.overlaps.count && s.overlaps[index >> 3] & (0x80 >> UInt8(index & 7)) != 0
                try simple(contours, explicitBox: explicitBox, overlap: overlap, &s)
            default:
                throw s.contours.failure("glyph \(index) has \(contours) contours")
            }
        }

        /// A composite glyph: its bounding box, its components as stored, and instructions when a component says so.
        private mutating func composite(_ s: inout Streams) throws(Font.Error) {
            glyf.appendBigEndian(-1, bytes: 2)
            let box = try s.boxes.take(8)
            xMins.append(Int(Int16(truncatingIfNeeded: Int(box[box.startIndex]) << 8 | Int(box[box.startIndex + 1]))))
            glyf += box
            var instructed = false
            var more = true
            while more {
                let flags = try s.composites.u16()
                glyf.appendBigEndian(flags, bytes: 2)
                var length = 2 + (flags & 0x0001 != 0 ? 4 : 2)
                if flags & 0x0008 != 0 { length += 2 } else if flags & 0x0040 != 0 { length += 4 } else if flags & 0x0080 != 0 { length += 8 }
                glyf += try s.composites.take(length)
                instructed = instructed || flags & 0x0100 != 0
                more = flags & 0x0020 != 0
            }
            if instructed {
                let count = try s.glyphs.u255()
                glyf.appendBigEndian(count, bytes: 2)
                glyf += try s.instructions.take(count)
            }
        }
    }
}

extension [UInt8] {
    /// `value`'s low `bytes` bytes, most significant first.
    mutating func appendBigEndian(_ value: Int, bytes: Int) {
        for k in stride(from: bytes - 1, through: 0, by: -1) { append(UInt8(truncatingIfNeeded: value >> (8 * k))) }
    }
}
