import Foundation

@testable import VignetteCore

/// An exact floating-point Gaussian blur (libm `exp`, taps to 6σ, no fixed
/// point, no intermediate rounding) with the edges extended, to measure the
/// integer blur against.
enum ReferenceGaussian {
    /// `pixels` (`width × height` RGBA) blurred with σ pixels, every channel.
    static func blur(_ pixels: [UInt8], width: Int, height: Int, sigma: Double) -> [Double] {
        let data = pixels.map(Double.init)
        guard sigma > 0 else { return data }
        let rows = pass(data, width: width, height: height, sigma: sigma, horizontal: true)
        return pass(rows, width: width, height: height, sigma: sigma, horizontal: false)
    }

    /// Per output sample, the weight of each source sample (taps beyond an
    /// edge fall on the edge sample): `(first source index, weights)`.
    static func axis(length: Int, sigma: Double) -> [(first: Int, weights: [Double])] {
        let radius = Int((6 * sigma).rounded(.up)) + 1
        let kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        return (0..<length).map { x in
            let first = max(0, x - radius)
            var weights = [Double](repeating: 0, count: min(length - 1, x + radius) - first + 1)
            for (k, w) in kernel.enumerated() {
                weights[min(length - 1, max(0, x - radius + k)) - first] += w / total
            }
            return (first, weights)
        }
    }

    private static func pass(_ data: [Double], width: Int, height: Int, sigma: Double, horizontal: Bool) -> [Double] {
        let taps = axis(length: horizontal ? width : height, sigma: sigma)
        var out = [Double](repeating: 0, count: data.count)
        for y in 0..<height {
            for x in 0..<width {
                let (first, weights) = taps[horizontal ? x : y]
                var sum: (Double, Double, Double, Double) = (0, 0, 0, 0)
                for (k, w) in weights.enumerated() {
                    let i = horizontal ? (y * width + first + k) * 4 : ((first + k) * width + x) * 4
                    sum.0 += w * data[i]
                    sum.1 += w * data[i + 1]
                    sum.2 += w * data[i + 2]
                    sum.3 += w * data[i + 3]
                }
                let o = (y * width + x) * 4
                (out[o], out[o + 1], out[o + 2], out[o + 3]) = sum
            }
        }
        return out
    }

    /// PSNR in dB of `pixels` against `reference`, over every channel.
    static func psnr(_ pixels: [UInt8], _ reference: [Double]) -> Double {
        var squares = 0.0
        for (p, r) in zip(pixels, reference) { squares += (Double(p) - r) * (Double(p) - r) }
        let mse = squares / Double(pixels.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// A `width × height` window of `image` from (`x`, `y`), as RGBA bytes.
    static func crop(_ image: Bitmap, x: Int, y: Int, width: Int, height: Int) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * image.width + x) * 4
            out += image.pixels[start..<(start + width * 4)]
        }
        return out
    }
}
