import CKernels
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// `Focus.smart`'s measure: a small salient subject stays inside the
/// window, on flat and noisy backgrounds, in both orientations; a picture
/// without one keeps the centre; the result is deterministic and its
/// scratch memory is what `plannedBytes` says.
@Suite struct SmartCropTests {
    typealias Scenes = SmartCropScenes

    /// One subject placement: source size, window (fractions), subject centre (fractions).
    struct Case: Sendable, CustomStringConvertible {
        var width: Int
        var height: Int
        var windowWidth: Double
        var windowHeight: Double
        var x: Double
        var y: Double
        var description: String { "\(width)x\(height) window \(windowWidth)x\(windowHeight) at \(x),\(y)" }
    }

    /// Landscape sources cropped to portrait windows and the reverse, plus
    /// windows smaller on both axes, with the subject near edges, corners and the middle.
    static let cases: [Case] = {
        var cases: [Case] = []
        for x in [0.1, 0.3, 0.5, 0.72, 0.92] {
            cases.append(Case(width: 900, height: 600, windowWidth: 0.4, windowHeight: 1, x: x, y: 0.35))
        }
        for y in [0.08, 0.3, 0.55, 0.9] {
            cases.append(Case(width: 600, height: 900, windowWidth: 1, windowHeight: 0.45, x: 0.6, y: y))
        }
        for (x, y) in [(0.12, 0.15), (0.85, 0.2), (0.2, 0.85), (0.88, 0.88), (0.45, 0.6)] {
            cases.append(Case(width: 800, height: 520, windowWidth: 0.5, windowHeight: 0.5, x: x, y: y))
        }
        return cases
    }()

    static let grey = Color(red: 128, green: 128, blue: 128)

    /// The subject's bounds lie inside the window the layout places around the focal point.
    func expectKept(_ c: Case, background: Scenes.Background, subject: Scenes.Subject, radius: Int) {
        let (image, bounds) = Scenes.scene(
            width: c.width, height: c.height, background: background, subject: subject,
            x: Int(c.x * Double(c.width)), y: Int(c.y * Double(c.height)), radius: radius)
        let focal = SmartCrop.focalPoint(of: image, windowWidth: c.windowWidth, windowHeight: c.windowHeight)
        let window = Scenes.window(focal: focal, windowWidth: c.windowWidth, windowHeight: c.windowHeight, width: c.width, height: c.height)
        #expect(window.intersection(bounds) == bounds, "\(c): subject \(bounds) outside window \(window), focal \(focal)")
    }

    @Test(arguments: cases) func redDiscOnFlatBackground(_ c: Case) {
        expectKept(c, background: .flat(Self.grey), subject: .disc(Scenes.red), radius: 24)
    }

    @Test(arguments: cases) func skinDiscOnFlatLightBackground(_ c: Case) {
        expectKept(c, background: .flat(Color(red: 235, green: 235, blue: 230)), subject: .disc(Scenes.skin), radius: 24)
    }

    @Test(arguments: cases) func redDiscOnNoise(_ c: Case) {
        expectKept(c, background: .noise(level: 128, amplitude: 60, seed: 7), subject: .disc(Scenes.red), radius: 24)
    }

    @Test(arguments: cases) func checkerboardOnNoise(_ c: Case) {
        expectKept(c, background: .noise(level: 128, amplitude: 60, seed: 11), subject: .checkerboard(cell: 12), radius: 36)
    }

    /// Noise over most of the picture, the subject in it or in the flat rest: edge energy alone would pick the noise.
    @Test(arguments: [0.15, 0.35, 0.62, 0.8, 0.92]) func subjectBesideWideNoise(_ x: Double) {
        let c = Case(width: 900, height: 600, windowWidth: 0.4, windowHeight: 1, x: x, y: 0.5)
        let background = Scenes.Background.partNoise(level: 128, amplitude: 100, seed: 9, until: 0.7)
        expectKept(c, background: background, subject: .disc(Scenes.red), radius: 24)
        expectKept(c, background: background, subject: .disc(Scenes.skin), radius: 24)
        expectKept(c, background: background, subject: .checkerboard(cell: 12), radius: 24)
    }

    /// Below 256 pixels nothing is averaged away: the noise meets the measure at full strength.
    @Test(arguments: [0.12, 0.5, 0.85]) func discOnNoiseInASmallPicture(_ x: Double) {
        let c = Case(width: 240, height: 160, windowWidth: 0.45, windowHeight: 1, x: x, y: 0.5)
        expectKept(c, background: .noise(level: 128, amplitude: 60, seed: 3), subject: .disc(Scenes.red), radius: 10)
    }
}

/// What the measure does without a subject, at the limits of size and
/// window, and what it costs.
@Suite struct SmartCropLimitTests {
    @Test(arguments: [(900, 600, 0.4, 1.0), (600, 900, 1.0, 0.45), (257, 255, 0.3, 0.7), (40, 30, 0.5, 0.5)])
    func uniformImageKeepsTheCentre(width: Int, height: Int, windowWidth: Double, windowHeight: Double) {
        let image = Bitmap(width: width, height: height, fill: Color(red: 90, green: 140, blue: 200))
        let focal = SmartCrop.focalPoint(of: image, windowWidth: windowWidth, windowHeight: windowHeight)
        #expect(focal.x == 0.5 && focal.y == 0.5)
    }

    @Test(arguments: [(1.0, 1.0), (0, 0.5), (-1, 0.5), (.nan, 0.5), (0.5, .infinity)])
    func wholeOrInvalidWindowKeepsTheCentre(windowWidth: Double, windowHeight: Double) {
        let (image, _) = SmartCropScenes.scene(
            width: 300, height: 200, background: .flat(.white), subject: .disc(SmartCropScenes.red), x: 30, y: 30, radius: 10)
        let focal = SmartCrop.focalPoint(of: image, windowWidth: windowWidth, windowHeight: windowHeight)
        #expect(focal.x == 0.5 && focal.y == 0.5)
    }

    /// A subject on a transparent surround (a logo) is found by its outline and colour.
    @Test func subjectOnTransparency() {
        var image = Bitmap(width: 600, height: 300, fill: .clear)
        image.fill(PixelRect(minX: 470, minY: 120, maxX: 530, maxY: 180), with: SmartCropScenes.red)
        let focal = SmartCrop.focalPoint(of: image, windowWidth: 0.4, windowHeight: 1)
        let window = SmartCropScenes.window(focal: focal, windowWidth: 0.4, windowHeight: 1, width: 600, height: 300)
        #expect(window.minX <= 470 && window.maxX >= 530)
    }

    /// Same picture, same point — run to run, and as recorded (a change of the measure shows here).
    @Test func deterministic() {
        let (image, _) = SmartCropScenes.scene(
            width: 900, height: 600, background: .noise(level: 128, amplitude: 60, seed: 5),
            subject: .checkerboard(cell: 12), x: 700, y: 150, radius: 36)
        let first = SmartCrop.focalPoint(of: image, windowWidth: 0.35, windowHeight: 0.8)
        let second = SmartCrop.focalPoint(of: image, windowWidth: 0.35, windowHeight: 0.8)
        #expect(first.x == second.x && first.y == second.y)
        #expect(first.x == Self.recorded.x && first.y == Self.recorded.y, "\(first)")
    }
    static let recorded = (x: 0.7533333333333333, y: 0.4)

    /// One pixel, one row, one column, a sliver: no crash, a point inside the image.
    @Test(arguments: [(1, 1), (2, 1), (1, 2), (5000, 1), (1, 5000), (3, 3001), (4001, 7)])
    func extremeSizes(width: Int, height: Int) {
        let image = SmartCropScenes.scene(
            width: width, height: height, background: .noise(level: 100, amplitude: 90, seed: 1),
            subject: .disc(.white), x: width / 3, y: height / 3, radius: 1
        ).image
        for (w, h) in [(0.01, 1.0), (1.0, 0.01), (0.5, 0.5), (0.999, 0.001)] {
            let focal = SmartCrop.focalPoint(of: image, windowWidth: w, windowHeight: h)
            #expect((0...1).contains(focal.x) && (0...1).contains(focal.y), "\(width)x\(height) window \(w)x\(h): \(focal)")
        }
    }

    /// `plannedBytes` is what the measurement really allocates, for small
    /// images (no reduced copy), odd sizes and a camera-sized photo.
    @Test(arguments: [(1, 1), (256, 100), (257, 100), (100, 513), (1000, 3), (3072, 2048)])
    func budgetIsWhatIsAllocated(width: Int, height: Int) {
        let image = Bitmap(width: width, height: height, fill: .clear)
        var ledger = SmartCrop.ScratchLedger()
        _ = SmartCrop.focalPoint(of: image, windowWidth: 0.5, windowHeight: 0.5, ledger: &ledger)
        #expect(ledger.bytes == SmartCrop.plannedBytes(for: image))
    }

    /// A 3072×2048 photo: 12×12 blocks give a 256×171 copy; its RGBA bytes,
    /// 32-bit column sums for 3072 RGBA pixels, 21 bytes a pixel of planes,
    /// 7 histograms, a row of sums and the 257×172 table of Ints.
    @Test func budgetOfACameraPhoto() {
        let image = Bitmap(width: 3072, height: 2048, fill: .clear)
        let pixels = 256 * 171
        let expected = pixels * 4 + 3072 * 4 * 4 + pixels * 21 + 7 * 256 * 8 + 256 * 8 + 257 * 172 * 8
        #expect(SmartCrop.plannedBytes(for: image) == expected)
        #expect(SmartCrop.plannedBytes(for: Bitmap(width: 6000, height: 4000, fill: .clear)) < 1 << 21)
    }
}

/// Kodak photos: the crop keeps what a person would look at.
@Suite struct SmartCropPhotoTests {
    func window(_ name: String, _ windowWidth: Double, _ windowHeight: Double) throws -> PixelRect {
        let photo = try TestImages.photo(name)
        let focal = SmartCrop.focalPoint(of: photo, windowWidth: windowWidth, windowHeight: windowHeight)
        return SmartCropScenes.window(
            focal: focal, windowWidth: windowWidth, windowHeight: windowHeight, width: photo.width, height: photo.height)
    }

    /// A red barn door: a narrow crop keeps the white porcelain knob, not the middle of the planks.
    @Test(arguments: [0.3, 0.4]) func doorKeepsTheKnob(_ fraction: Double) throws {
        let knob = PixelRect(minX: 225, minY: 198, maxX: 300, maxY: 275)
        #expect(try window("door", fraction, 1).intersection(knob) == knob)
    }

    /// Shutters behind hibiscus: a narrow or a wide crop keeps the heart of a
    /// flower — the pink one in focus in the middle, or the red one at the lower right.
    @Test(arguments: [(0.4, 1.0), (1.0, 0.4)]) func shuttersKeepAFlower(_ w: Double, _ h: Double) throws {
        let hearts = [PixelRect(minX: 370, minY: 195, maxX: 450, maxY: 275), PixelRect(minX: 540, minY: 360, maxX: 620, maxY: 440)]
        let window = try window("shutters", w, h)
        #expect(hearts.contains { window.intersection($0) == $0 }, "\(window)")
    }

    /// Two macaws: a portrait crop keeps the red one's face and eye, not the gap between them.
    @Test func parrotsKeepAFace() throws {
        let face = PixelRect(minX: 440, minY: 130, maxX: 560, maxY: 250)
        #expect(try window("parrots", 0.4, 1).intersection(face) == face)
    }
}

/// The measure's reduction (`vg_box_reduce_rows`, row sums the compiler
/// vectorises) gives the bytes of the renderer's `vg_box_reduce`, and both
/// match plain block averages rounded to nearest.
@Suite struct SmartCropReductionTests {
    @Test(arguments: [(1, 1, 1), (7, 5, 2), (33, 17, 4), (250, 3, 7), (3, 250, 7), (301, 203, 12), (64, 64, 64), (1000, 9, 391)])
    func rowReductionMatchesBlockReduction(width: Int, height: Int, block: Int) {
        var state: UInt32 = 0x1234_5678 &+ UInt32(width * 31 + height)
        let source = (0..<width * height * 4).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let (outWidth, outHeight) = ((width + block - 1) / block, (height + block - 1) / block)
        var rows = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        var blocks = rows
        var sums = [UInt32](repeating: 0, count: width * 4)
        vg_box_reduce_rows(source, width * 4, Int32(width), Int32(height), Int32(block), &sums, &rows, outWidth * 4)
        vg_box_reduce(source, width * 4, Int32(width), Int32(height), Int32(block), Int32(block), &blocks, outWidth * 4)
        #expect(rows == blocks)
        // One block by hand: the last (smallest) one.
        let (x0, y0) = ((outWidth - 1) * block, (outHeight - 1) * block)
        let count = (width - x0) * (height - y0)
        for channel in 0..<4 {
            var sum = 0
            for y in y0..<height {
                for x in x0..<width { sum += Int(source[(y * width + x) * 4 + channel]) }
            }
            #expect(Int(rows[rows.count - 4 + channel]) == (sum + count / 2) / count)
        }
    }
}
