import Foundation

@testable import VignetteCore

/// A straightforward floating-point Lanczos-3 resize (no fixed point, no
/// intermediate rounding) to measure the real resampler against.
enum ReferenceResampler {
    static func lanczos3(_ source: Bitmap, width: Int, height: Int) -> [Double] {
        let horizontal = pass(
            source.pixels.map(Double.init), width: source.width, height: source.height,
            newLength: width, horizontal: true)
        return pass(horizontal, width: width, height: source.height, newLength: height, horizontal: false)
    }

    private static func kernel(_ x: Double) -> Double {
        let x = abs(x)
        if x < 1e-12 { return 1 }
        if x >= 3 { return 0 }
        return 3 * sin(Double.pi * x) * sin(Double.pi * x / 3) / (Double.pi * Double.pi * x * x)
    }

    private static func pass(_ data: [Double], width: Int, height: Int, newLength: Int, horizontal: Bool) -> [Double] {
        let oldLength = horizontal ? width : height
        let scale = Double(oldLength) / Double(newLength)
        let fs = max(scale, 1)
        let support = 3 * fs
        let outW = horizontal ? newLength : width
        let outH = horizontal ? height : newLength
        var out = [Double](repeating: 0, count: outW * outH * 4)
        for i in 0..<newLength {
            let center = (Double(i) + 0.5) * scale
            let lo = max(0, Int((center - support).rounded(.down)))
            let hi = min(oldLength - 1, Int((center + support).rounded(.up)))
            var taps: [(Int, Double)] = []
            var total = 0.0
            for j in lo...hi {
                let w = kernel((Double(j) + 0.5 - center) / fs)
                if w != 0 {
                    taps.append((j, w))
                    total += w
                }
            }
            let across = horizontal ? height : width
            for k in 0..<across {
                var acc = [0.0, 0, 0, 0]
                for (j, w) in taps {
                    let index = horizontal ? (k * width + j) * 4 : (j * width + k) * 4
                    for c in 0..<4 { acc[c] += data[index + c] * w / total }
                }
                let o = horizontal ? (k * outW + i) * 4 : (i * outW + k) * 4
                for c in 0..<4 { out[o + c] = acc[c] }
            }
        }
        return out
    }

    /// PSNR in dB over all channels, the reference clamped and rounded to 8 bits.
    static func psnr(_ actual: [UInt8], _ reference: [Double]) -> Double {
        precondition(actual.count == reference.count)
        var sum = 0.0
        for i in 0..<actual.count {
            let r = min(255, max(0, reference[i].rounded()))
            let d = Double(actual[i]) - r
            sum += d * d
        }
        let mse = sum / Double(actual.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
