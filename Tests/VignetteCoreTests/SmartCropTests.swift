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

    /// Below 256 pixels nothing is averaged away: the noise meets the measure at full strength.
    @Test(arguments: [0.12, 0.5, 0.85]) func discOnNoiseInASmallPicture(_ x: Double) {
        let c = Case(width: 240, height: 160, windowWidth: 0.45, windowHeight: 1, x: x, y: 0.5)
        expectKept(c, background: .noise(level: 128, amplitude: 60, seed: 3), subject: .disc(Scenes.red), radius: 10)
    }
}
