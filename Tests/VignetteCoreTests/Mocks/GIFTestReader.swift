import Foundation
import VignetteCore

/// A GIF reader written for the encoder tests, independent of giflib: it
/// walks the records, decodes the LZW data and composes every frame (disposal
/// 1 keeps, 2 clears to transparent), so the tests see what a browser shows.
struct GIFTestReader {
    struct Frame {
        var rect: PixelRect
        var delayCentiseconds: Int
        var disposal: Int
        var transparentIndex: Int?
        var indices: [UInt8]
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    var width = 0
    var height = 0
    /// The global colour table, RGB.
    var palette: [UInt8] = []
    var backgroundIndex = 0
    /// The NETSCAPE2.0 repeat count; nil when the record is absent.
    var netscapeLoopCount: Int?
    var frames: [Frame] = []

    private var bytes: [UInt8]
    private var position = 6

    init(_ data: Data) throws {
        bytes = [UInt8](data)
        guard bytes.count >= 13, bytes.starts(with: Array("GIF89a".utf8)) else { throw Failure(description: "no GIF89a header") }
        width = Int(bytes[6]) | Int(bytes[7]) << 8
        height = Int(bytes[8]) | Int(bytes[9]) << 8
        let packed = Int(bytes[10])
        backgroundIndex = Int(bytes[11])
        position = 13
        if packed & 0x80 != 0 { palette = try take(3 << ((packed & 7) + 1)) }
        try readRecords()
    }

    private mutating func take(_ count: Int) throws -> [UInt8] {
        guard position + count <= bytes.count else { throw Failure(description: "truncated at \(position)") }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    private mutating func subBlocks() throws -> [UInt8] {
        var out: [UInt8] = []
        while true {
            let size = Int(try take(1)[0])
            if size == 0 { return out }
            out += try take(size)
        }
    }

    private mutating func readRecords() throws {
        var control: (delay: Int, disposal: Int, transparent: Int?) = (0, 0, nil)
        while true {
            switch try take(1)[0] {
            case 0x3B: return
            case 0x21:
                let label = try take(1)[0]
                let body = try subBlocks()
                if label == 0xF9, body.count == 4 {
                    control = (Int(body[1]) | Int(body[2]) << 8, Int(body[0]) >> 2 & 7, body[0] & 1 != 0 ? Int(body[3]) : nil)
                } else if label == 0xFF, body.count == 14, body.starts(with: Array("NETSCAPE2.0".utf8)), body[11] == 1 {
                    netscapeLoopCount = Int(body[12]) | Int(body[13]) << 8
                }
            case 0x2C:
                let d = try take(9)
                let rect = PixelRect(
                    minX: Int(d[0]) | Int(d[1]) << 8, minY: Int(d[2]) | Int(d[3]) << 8,
                    maxX: (Int(d[0]) | Int(d[1]) << 8) + (Int(d[4]) | Int(d[5]) << 8),
                    maxY: (Int(d[2]) | Int(d[3]) << 8) + (Int(d[6]) | Int(d[7]) << 8))
                guard d[8] & 0xC0 == 0 else { throw Failure(description: "local table or interlace: not written by Vignette") }
                let minimum = Int(try take(1)[0])
                let indices = try Self.lzw(try subBlocks(), minimumCodeSize: minimum, count: rect.width * rect.height)
                frames.append(
                    Frame(
                        rect: rect, delayCentiseconds: control.delay, disposal: control.disposal,
                        transparentIndex: control.transparent, indices: indices))
                control = (0, 0, nil)
            case let other: throw Failure(description: "unknown record \(other) at \(position - 1)")
            }
        }
    }

    /// Every frame as shown: straight RGBA of the whole canvas.
    func composed() -> [[UInt8]] {
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var shown: [[UInt8]] = []
        for frame in frames {
            for (i, index) in frame.indices.enumerated() where Int(index) != frame.transparentIndex {
                let x = frame.rect.minX + i % frame.rect.width
                let y = frame.rect.minY + i / frame.rect.width
                let p = (y * width + x) * 4
                let c = Int(index) * 3
                canvas[p..<p + 4] = [palette[c], palette[c + 1], palette[c + 2], 255]
            }
            shown.append(canvas)
            if frame.disposal == 2 {
                for y in frame.rect.minY..<frame.rect.maxY {
                    for x in frame.rect.minX..<frame.rect.maxX { canvas[(y * width + x) * 4..<(y * width + x) * 4 + 4] = [0, 0, 0, 0] }
                }
            }
        }
        return shown
    }

    /// Variable-width LZW as GIF stores it (codes least significant bit first).
    static func lzw(_ data: [UInt8], minimumCodeSize: Int, count: Int) throws -> [UInt8] {
        let clear = 1 << minimumCodeSize
        var prefix = [Int](repeating: 0, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        var (codeSize, next, previous) = (minimumCodeSize + 1, clear + 2, -1)
        var (buffer, bits, position) = (0, 0, 0)
        var out: [UInt8] = []
        func expand(_ code: Int) -> [UInt8] {
            var string: [UInt8] = []
            var c = code
            while c >= clear {
                string.append(suffix[c])
                c = prefix[c]
            }
            string.append(UInt8(c))
            return string.reversed()
        }
        while out.count < count {
            while bits < codeSize {
                guard position < data.count else { throw Failure(description: "LZW data ends early") }
                buffer |= Int(data[position]) << bits
                position += 1
                bits += 8
            }
            let code = buffer & (1 << codeSize - 1)
            buffer >>= codeSize
            bits -= codeSize
            if code == clear {
                (codeSize, next, previous) = (minimumCodeSize + 1, clear + 2, -1)
                continue
            }
            if code == clear + 1 { break }
            let string: [UInt8]
            if code < clear || (code > clear + 1 && code < next) {
                string = expand(code)
            } else if code == next, previous >= 0 {
                let head = expand(previous)
                string = head + [head[0]]
            } else {
                throw Failure(description: "bad LZW code \(code)")
            }
            out += string
            if previous >= 0, next < 4096 {
                (prefix[next], suffix[next]) = (previous, string[0])
                next += 1
                if next == 1 << codeSize, codeSize < 12 { codeSize += 1 }
            }
            previous = code
        }
        return Array(out.prefix(count))
    }
}
