/// The one palette of a GIF: at most 256 colours chosen for all frames
/// together, so a colour that stays put keeps its index from frame to frame
/// (no flicker). Integer math only, no randomness: the same frames always
/// give the same palette.
///
/// - A pixel with alpha below `alphaThreshold` (128) is transparent; every
///   other pixel counts with its straight (unpremultiplied) colour, alpha
///   dropped (GIF has no partial transparency).
/// - When the frames hold at most `maxColors` distinct colours, the palette
///   is exactly those colours, sorted: flat artwork encodes losslessly.
/// - Otherwise median cut over a histogram of 5 bits per channel: the box
///   whose colours spread most (count-weighted squared distance of its bins'
///   means from the box mean, in 1/16ths) is split at the count median along
///   its widest channel, until there are `maxColors` boxes; a palette colour
///   is the mean of the pixels in its box, rounded.
/// - No dithering: every pixel takes its nearest palette colour (squared RGB
///   distance, the lower index on a tie), so static areas stay identical
///   across frames.
struct GIFQuantizer {
    /// Alpha below this is transparent, at or above it opaque.
    static let alphaThreshold: UInt8 = 128
    /// Bins of the median-cut histogram: 5 bits per channel.
    static let binCount = 1 << 15

    /// The colours as 0xRRGGBB, at most `maxColors` of them.
    private(set) var colors: [UInt32] = []
    /// True when some pixel of some frame is transparent.
    private(set) var hasTransparency = false

    private var counts = [Int](repeating: 0, count: binCount)
    private var sums = [Int](repeating: 0, count: binCount * 3)
    private var distinct: Set<UInt32> = []
    private var distinctOverflowed = false
    private let maxColors: Int

    /// A quantiser choosing at most `maxColors` (1...256) colours.
    init(maxColors: Int) {
        self.maxColors = min(256, max(1, maxColors))
    }

    /// Counts one frame's straight RGBA pixels.
    mutating func add(_ rgba: [UInt8]) {
        rgba.withUnsafeBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                guard p[i + 3] >= Self.alphaThreshold else {
                    hasTransparency = true
                    continue
                }
                let (r, g, b) = (Int(p[i]), Int(p[i + 1]), Int(p[i + 2]))
                let bin = (r >> 3) << 10 | (g >> 3) << 5 | b >> 3
                counts[bin] += 1
                sums[bin * 3] += r
                sums[bin * 3 + 1] += g
                sums[bin * 3 + 2] += b
                if !distinctOverflowed {
                    distinct.insert(UInt32(r << 16 | g << 8 | b))
                    // One more than fits: the exact palette is out of reach.
                    distinctOverflowed = distinct.count > maxColors
                }
            }
        }
    }

    /// Chooses the palette from everything added; one colour (black) when
    /// no pixel was opaque.
    mutating func finish() {
        if !distinctOverflowed {
            colors = distinct.sorted()
        } else {
            colors = medianCut()
        }
        if colors.isEmpty { colors = [0] }
        distinct = []
    }

    /// A box of histogram bins and its statistics.
    private struct Box {
        var bins: [Int]
        var count = 0
        var spread = 0
        var axis = 0
    }

    private func medianCut() -> [UInt32] {
        var boxes = [measure(Box(bins: (0..<Self.binCount).filter { counts[$0] > 0 }))]
        while boxes.count < maxColors {
            var best = -1
            for (index, box) in boxes.enumerated() where box.bins.count > 1 && box.spread > 0 {
                if best < 0 || box.spread > boxes[best].spread { best = index }
            }
            guard best >= 0 else { break }
            let (low, high) = split(boxes[best])
            boxes[best] = measure(low)
            boxes.append(measure(high))
        }
        return boxes.map(meanColor)
    }

    /// A bin's mean on one channel, in 1/16ths of a level.
    private func binMean(_ bin: Int, _ channel: Int) -> Int {
        sums[bin * 3 + channel] * 16 / counts[bin]
    }

    /// Fills a box's count, its spread and the channel it spreads most on.
    private func measure(_ box: Box) -> Box {
        var box = box
        box.count = box.bins.reduce(0) { $0 + counts[$1] }
        var spreads = [0, 0, 0]
        for channel in 0..<3 {
            let total = box.bins.reduce(0) { $0 + sums[$1 * 3 + channel] }
            let mean = total * 16 / max(1, box.count)
            for bin in box.bins {
                let d = binMean(bin, channel) - mean
                spreads[channel] += counts[bin] * d * d
            }
        }
        box.spread = spreads[0] + spreads[1] + spreads[2]
        box.axis = spreads[1] > spreads[0] ? (spreads[2] > spreads[1] ? 2 : 1) : (spreads[2] > spreads[0] ? 2 : 0)
        return box
    }

    /// The box cut in two at its count median along its axis.
    private func split(_ box: Box) -> (Box, Box) {
        let axis = box.axis
        let sorted = box.bins.sorted { a, b in
            let (ma, mb) = (binMean(a, axis), binMean(b, axis))
            return ma != mb ? ma < mb : a < b
        }
        var running = 0
        var cut = 1
        for (index, bin) in sorted.enumerated() {
            running += counts[bin]
            if running * 2 >= box.count {
                cut = index + 1
                break
            }
        }
        cut = min(max(1, cut), sorted.count - 1)
        return (Box(bins: Array(sorted[..<cut])), Box(bins: Array(sorted[cut...])))
    }

    /// The rounded mean colour of a box's pixels, as 0xRRGGBB.
    private func meanColor(_ box: Box) -> UInt32 {
        var color: UInt32 = 0
        for channel in 0..<3 {
            let total = box.bins.reduce(0) { $0 + sums[$1 * 3 + channel] }
            color = color << 8 | UInt32(min(255, (total + box.count / 2) / max(1, box.count)))
        }
        return color
    }
}
