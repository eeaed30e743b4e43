import Foundation

/// The animation chunks of an APNG file (acTL, fcTL, IDAT/fdAT), found by
/// walking chunk headers: nothing is decompressed, nothing the size of a
/// frame is allocated. Frames and sequence numbers are validated as the
/// APNG specification says.
struct APNGFile: Sendable {
    /// One fcTL chunk and where its image data lies in the file.
    struct Frame: Sendable {
        var rect: PixelRect
        /// delay_num / delay_den seconds (den 0 means 100), in milliseconds, rounded.
        var durationMilliseconds: Int
        /// 0 NONE, 1 BACKGROUND, 2 PREVIOUS.
        var dispose: UInt8
        /// 0 SOURCE, 1 OVER.
        var blend: UInt8
        /// The zlib data: IDAT payloads, or fdAT payloads after their sequence number.
        var data: [Range<Int>] = []
    }

    /// The canvas (IHDR) size.
    var width: Int
    var height: Int
    /// The IHDR payload (13 bytes).
    var ihdr: Range<Int>
    /// Whole chunks between IHDR and the first IDAT other than acTL and
    /// fcTL (PLTE, tRNS, iCCP, gAMA …): every frame's stream carries them.
    var sharedChunks: [Range<Int>] = []
    /// acTL's num_frames and num_plays.
    var frameCount: Int
    var plays: Int
    var frames: [Frame] = []
    /// An fcTL came before the first IDAT: the default image is frame 0.
    var defaultIsFrame = false

    /// The header `AnimationLimits` checks (acTL's frame count, however many fcTL follow).
    var header: AnimationHeader {
        AnimationHeader(
            width: width, height: height, frameCount: frameCount, loopCount: plays,
            durationMilliseconds: frames.reduce(0) { $0 + $1.durationMilliseconds })
    }

    private static let acTL: UInt32 = 0x6163_544C, fcTL: UInt32 = 0x6663_544C, fdAT: UInt32 = 0x6664_4154
    private static let idat: UInt32 = 0x4944_4154, iend: UInt32 = 0x4945_4E44, ihdrType: UInt32 = 0x4948_4452

    /// `parse(_:)` over the bytes of `data`.
    static func parse(_ data: Data) throws(PNGCodec.Error) -> APNGFile? {
        let result = data.withUnsafeBytes { raw in Result { () throws(PNGCodec.Error) in try parse(raw) } }
        return try result.get()
    }

    /// The animation in `file`, or nil for a still PNG (no acTL before the
    /// first IDAT: the specification's rule, so such a file shows its IDAT image).
    static func parse(_ file: UnsafeRawBufferPointer) throws(PNGCodec.Error) -> APNGFile? {
        var walker = ChunkWalker(file: file)
        guard let first = try walker.next(), first.type == ihdrType, first.payload.count == 13 else {
            throw .malformed(reason: "IHDR is not the first chunk")
        }
        var apng: APNGFile?
        var shared: [Range<Int>] = []
        var sequence = 0
        var seenIDAT = false
        while let chunk = try walker.next() {
            if chunk.type == iend { break }
            if chunk.type == idat { seenIDAT = true }
            if !seenIDAT, ![acTL, fcTL].contains(chunk.type) { shared.append(chunk.whole) }
            if apng == nil {
                if chunk.type == acTL, !seenIDAT { apng = try start(file, chunk: chunk, ihdr: first.payload) }
                continue
            }
            try apng!.add(chunk, file: file, sequence: &sequence, afterIDAT: seenIDAT)
        }
        apng?.sharedChunks = shared
        return apng
    }

    private static func start(_ file: UnsafeRawBufferPointer, chunk: ChunkWalker.Chunk, ihdr: Range<Int>) throws(PNGCodec.Error)
        -> APNGFile
    {
        guard chunk.payload.count == 8 else { throw .malformed(reason: "acTL is \(chunk.payload.count) bytes, not 8") }
        return APNGFile(
            width: Int(file.loadBigEndianUInt32(at: ihdr.lowerBound)),
            height: Int(file.loadBigEndianUInt32(at: ihdr.lowerBound + 4)), ihdr: ihdr,
            frameCount: Int(file.loadBigEndianUInt32(at: chunk.payload.lowerBound)),
            plays: Int(file.loadBigEndianUInt32(at: chunk.payload.lowerBound + 4)))
    }

    /// One chunk after acTL: fcTL opens a frame, IDAT and fdAT feed the open one.
    private mutating func add(
        _ chunk: ChunkWalker.Chunk, file: UnsafeRawBufferPointer, sequence: inout Int, afterIDAT: Bool
    ) throws(PNGCodec.Error) {
        let p = chunk.payload
        switch chunk.type {
        case Self.fcTL:
            guard p.count == 26 else { throw .malformed(reason: "fcTL is \(p.count) bytes, not 26") }
            try Self.checkSequence(file, at: p.lowerBound, expected: &sequence)
            frames.append(try frame(file, payload: p, index: frames.count, beforeIDAT: !afterIDAT))
            if !afterIDAT { defaultIsFrame = true }
        case Self.idat:
            // The default image is the first frame only when an fcTL came before it.
            if defaultIsFrame, frames.count == 1 { frames[0].data.append(p) }
        case Self.fdAT:
            guard p.count >= 4 else { throw .malformed(reason: "fdAT is \(p.count) bytes, shorter than its sequence number") }
            try Self.checkSequence(file, at: p.lowerBound, expected: &sequence)
            guard afterIDAT, !frames.isEmpty else { throw .malformed(reason: "fdAT before the image data or any fcTL") }
            frames[frames.count - 1].data.append(p.lowerBound + 4..<p.upperBound)
        default:
            break
        }
    }

    private static func checkSequence(_ file: UnsafeRawBufferPointer, at offset: Int, expected: inout Int) throws(PNGCodec.Error) {
        let found = Int(file.loadBigEndianUInt32(at: offset))
        guard found == expected else { throw .malformed(reason: "APNG sequence number \(found) where \(expected) was expected") }
        expected += 1
    }

    /// An fcTL payload as a frame, its rectangle checked against the canvas.
    private func frame(_ file: UnsafeRawBufferPointer, payload p: Range<Int>, index: Int, beforeIDAT: Bool) throws(PNGCodec.Error)
        -> Frame
    {
        let word = { (at: Int) in Int(file.loadBigEndianUInt32(at: p.lowerBound + at)) }
        let half = { (at: Int) in Int(file[p.lowerBound + at]) << 8 | Int(file[p.lowerBound + at + 1]) }
        let (w, h, x, y) = (word(4), word(8), word(12), word(16))
        let rect = PixelRect(minX: x, minY: y, maxX: x + w, maxY: y + h)
        guard w > 0, h > 0, x + w <= width, y + h <= height else {
            throw .malformed(reason: "APNG frame \(index) (\(w)x\(h) at \(x),\(y)) lies outside the \(width)x\(height) canvas")
        }
        if beforeIDAT, rect != PixelRect(minX: 0, minY: 0, maxX: width, maxY: height) {
            throw .malformed(reason: "APNG frame 0 is the default image but is not \(width)x\(height) at 0,0")
        }
        let (dispose, blend) = (file[p.lowerBound + 24], file[p.lowerBound + 25])
        guard dispose <= 2, blend <= 1 else {
            throw .malformed(reason: "APNG frame \(index) has dispose op \(dispose) / blend op \(blend)")
        }
        let (numerator, denominator) = (half(20), half(22) == 0 ? 100 : half(22))
        return Frame(
            rect: rect, durationMilliseconds: (numerator * 1000 + denominator / 2) / denominator,
            dispose: dispose, blend: blend)
    }
}

/// Walks PNG chunks from after the signature; a chunk running past the
/// data is a truncated file.
struct ChunkWalker {
    struct Chunk {
        var type: UInt32
        /// The whole chunk: length, type, payload, CRC.
        var whole: Range<Int>
        var payload: Range<Int>
    }

    let file: UnsafeRawBufferPointer
    var offset = 8

    mutating func next() throws(PNGCodec.Error) -> Chunk? {
        guard offset < file.count else { return nil }
        guard offset + 8 <= file.count else { throw .malformed(reason: "the data ends inside a chunk header") }
        let length = Int(file.loadBigEndianUInt32(at: offset))
        let type = file.loadBigEndianUInt32(at: offset + 4)
        guard length <= Int(Int32.max), length + 12 <= file.count - offset else {
            throw .malformed(reason: "the data ends inside a \(length)-byte chunk at byte \(offset)")
        }
        let chunk = Chunk(type: type, whole: offset..<offset + 12 + length, payload: offset + 8..<offset + 8 + length)
        offset += 12 + length
        return chunk
    }
}
