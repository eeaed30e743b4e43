extension SmartCrop {
    /// Every position of a `windowWidth × windowHeight` window on the reduced
    /// grid, scored from a summed-area table: the saliency inside the window
    /// plus, once more, that inside its central half (each side halved), so
    /// of the windows that hold a subject the one with it nearer the middle
    /// wins. The highest score wins; equal scores go to the position nearest
    /// the centre, then to the upper, then to the left one.
    struct WindowSearch {
        /// The summed-area table, `(width + 1) × (height + 1)`.
        let table: [Int]
        /// Reduced width.
        let width: Int
        /// Reduced height.
        let height: Int
        /// Window width in reduced pixels, 1 ... `width`.
        let windowWidth: Int
        /// Window height in reduced pixels, 1 ... `height`.
        let windowHeight: Int

        /// The saliency summed over `w × h` pixels from (x, y).
        func sum(x: Int, y: Int, w: Int, h: Int) -> Int {
            let stride = width + 1
            return table[(y + h) * stride + x + w] - table[y * stride + x + w] - table[(y + h) * stride + x] + table[y * stride + x]
        }

        /// The score of the window whose top-left reduced pixel is (x, y).
        func score(x: Int, y: Int) -> Int {
            let innerWidth = max(1, windowWidth / 2)
            let innerHeight = max(1, windowHeight / 2)
            let inner = sum(
                x: x + (windowWidth - innerWidth) / 2, y: y + (windowHeight - innerHeight) / 2, w: innerWidth, h: innerHeight)
            return sum(x: x, y: y, w: windowWidth, h: windowHeight) + inner
        }

        /// Twice the distance of the window's centre from the grid's, squared.
        func offCentre(x: Int, y: Int) -> Int {
            let dx = 2 * x + windowWidth - width
            let dy = 2 * y + windowHeight - height
            return dx * dx + dy * dy
        }

        /// The top-left reduced pixel of the winning window.
        func best() -> (x: Int, y: Int) {
            var best = (x: 0, y: 0)
            var bestScore = Int.min
            var bestOffCentre = Int.max
            for y in 0...(height - windowHeight) {
                for x in 0...(width - windowWidth) {
                    let s = score(x: x, y: y)
                    guard s >= bestScore else { continue }
                    let d = offCentre(x: x, y: y)
                    if s > bestScore || d < bestOffCentre {
                        best = (x, y)
                        bestScore = s
                        bestOffCentre = d
                    }
                }
            }
            return best
        }
    }
}
