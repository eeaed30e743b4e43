/// The APNG specification's composition on an 8-bit straight-alpha canvas
/// (what `PNGCodec.decodeAnimation` premultiplies per frame): SOURCE
/// replaces the frame's rectangle, OVER composites with the specification's
/// straight-alpha formulas, rounded half up in exact integer arithmetic;
/// after the frame is shown, BACKGROUND clears the rectangle to transparent
/// black and PREVIOUS restores it (on the first frame PREVIOUS is BACKGROUND).
struct APNGComposer {
    let width: Int
    let height: Int
    /// The canvas, straight RGBA8, transparent black at the start.
    private(set) var canvas: [UInt8]
    private var disposal: (rect: PixelRect, op: UInt8, saved: [UInt8])?

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        canvas = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Draws a frame (straight RGBA8 of `rect`'s size) and returns the canvas
    /// as shown; its disposal applies before the next frame is drawn.
    mutating func compose(_ pixels: [UInt8], rect: PixelRect, dispose: UInt8, blend: UInt8, isFirst: Bool) -> [UInt8] {
        applyDisposal()
        let op = isFirst && dispose == 2 ? 1 : dispose
        disposal = (rect, op, op == 2 ? region(rect) : [])
        let rowBytes = (rect.maxX - rect.minX) * 4
        canvas.withUnsafeMutableBufferPointer { dst in
            pixels.withUnsafeBufferPointer { src in
                for row in 0..<(rect.maxY - rect.minY) {
                    let s = row * rowBytes
                    let d = ((rect.minY + row) * width + rect.minX) * 4
                    if blend == 0 {
                        for i in 0..<rowBytes { dst[d + i] = src[s + i] }
                    } else {
                        for i in stride(from: 0, to: rowBytes, by: 4) { Self.over(src, s + i, dst, d + i) }
                    }
                }
            }
        }
        return canvas
    }

    /// OVER for one pixel: αo = αs + αd(1 − αs), Co = (αs·Cs + (1 − αs)·αd·Cd) / αo,
    /// in units of 255 and rounded half up.
    private static func over(_ src: UnsafeBufferPointer<UInt8>, _ s: Int, _ dst: UnsafeMutableBufferPointer<UInt8>, _ d: Int) {
        let sa = Int(src[s + 3])
        if sa == 255 {
            for c in 0..<4 { dst[d + c] = src[s + c] }
            return
        }
        if sa == 0 { return }
        let da = Int(dst[d + 3])
        let alpha = sa * 255 + da * (255 - sa)  // αo · 255²
        for c in 0..<3 {
            let numerator = sa * Int(src[s + c]) * 255 + (255 - sa) * da * Int(dst[d + c])  // Co · αo · 255³
            dst[d + c] = UInt8((2 * numerator + alpha) / (2 * alpha))
        }
        dst[d + 3] = UInt8((2 * alpha + 255) / 510)
    }

    /// The disposal of the frame last shown.
    private mutating func applyDisposal() {
        guard let (rect, op, saved) = disposal, op != 0 else { return }
        let rowBytes = (rect.maxX - rect.minX) * 4
        for row in 0..<(rect.maxY - rect.minY) {
            let d = ((rect.minY + row) * width + rect.minX) * 4
            for i in 0..<rowBytes { canvas[d + i] = op == 1 ? 0 : saved[row * rowBytes + i] }
        }
        disposal = nil
    }

    /// The canvas bytes under `rect`, row by row.
    private func region(_ rect: PixelRect) -> [UInt8] {
        let rowBytes = (rect.maxX - rect.minX) * 4
        var out: [UInt8] = []
        out.reserveCapacity(rowBytes * (rect.maxY - rect.minY))
        for row in rect.minY..<rect.maxY {
            let start = (row * width + rect.minX) * 4
            out.append(contentsOf: canvas[start..<start + rowBytes])
        }
        return out
    }
}
