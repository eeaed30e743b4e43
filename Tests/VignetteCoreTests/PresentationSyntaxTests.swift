import Foundation
import Testing
import VignetteCore
import VignetteTestSupport

/// The one text syntax of presentation values (presets, URLs, the CLI):
/// every form each value takes, round trips through `description`, and
/// what is refused.
@Suite struct PresentationSyntaxTests {
    @Test func everyAnchorNameParsesInBothSpellings() throws {
        for anchor in Anchor.allCases {
            #expect(try PresentationSyntax.anchor(anchor.name) == anchor)
            #expect(try PresentationSyntax.anchor(anchor.rawValue) == anchor)
            #expect(try PresentationSyntax.focus(anchor.name) == .anchor(anchor))
        }
        #expect(PresentationSyntax.anchorNames.hasPrefix("center, top, bottom, left, right, top-left"))
    }

    @Test func descriptionsParseBack() throws {
        for focus in [Focus.smart, .point(x: 0.3, y: 0.25), .point(x: 0, y: 1), .anchor(.bottomLeft)] {
            #expect(try PresentationSyntax.focus(focus.description) == focus)
        }
        for shape in [ImageShape.circle, .capsule, .rectangle, .roundedRect(cornerRadius: 12.5)] {
            #expect(try PresentationSyntax.shape(shape.description) == shape)
        }
        #expect(try PresentationSyntax.backdrop(Backdrop.blurredImage(sigma: 12).description) == .blurredImage(sigma: 12))
        for effect in [ImageEffect.grayscale, .blur(sigma: 2), .sharpen(amount: 1.5)] {
            #expect(try PresentationSyntax.effect(effect.description) == effect)
        }
        #expect(ImageEffect.blur(sigma: 2).description == "blur:2")
    }

    @Test func effectsAndBackdrops() throws {
        #expect(try PresentationSyntax.effect("blur:0") == .blur(sigma: 0))
        #expect(try PresentationSyntax.effect("blur:100") == .blur(sigma: 100))
        #expect(try PresentationSyntax.effect("sharpen:10") == .sharpen(amount: 10))
        #expect(try PresentationSyntax.backdrop("blur:1e1") == .blurredImage(sigma: 10))
        #expect(try PresentationSyntax.shape("rectangle") == .rectangle)
    }

    @Test(arguments: [
        "blur:", "blur:x", "blur:100.5", "blur:-1", "blur:nan", "blur:inf", "sharpen:10.01", "sharpen", "gray-scale-x", "sepia", "blur:0x10"
    ])
    func badEffects(text: String) {
        #expect(throws: PresentationSyntax.Error.self) { try PresentationSyntax.effect(text) }
    }

    @Test(arguments: ["", "middle", "1.01,0", "0,-0.1", "0.5", "0.5,0.5,0.5", "nan,0", "a,b", "smarter", " 0.5, 0.5 ,", "-"])
    func badFoci(text: String) {
        #expect(throws: PresentationSyntax.Error.self) { try PresentationSyntax.focus(text) }
    }

    @Test(arguments: ["oval", "rounded", "rounded:", "rounded:-2", "rounded:inf", "circle:2", "Rect2"])
    func badShapes(text: String) {
        #expect(throws: PresentationSyntax.Error.self) { try PresentationSyntax.shape(text) }
    }

    @Test func pairsAndSizes() {
        #expect(PresentationSyntax.pair("-8,-8.5").map { [$0.0, $0.1] } == [-8, -8.5])
        #expect(PresentationSyntax.pair("1,") == nil && PresentationSyntax.pair("1") == nil && PresentationSyntax.pair("inf,1") == nil)
        #expect(PresentationSyntax.size("24x12") == Size(width: 24, height: 12) && PresentationSyntax.size("24X0") == Size(width: 24, height: 0))
        #expect(PresentationSyntax.size("-1x2") == nil && PresentationSyntax.size("24") == nil && PresentationSyntax.size("1x2x3") == nil)
        #expect(PresentationSyntax.number("0x10") == nil && PresentationSyntax.number(" 2.5 ") == 2.5)
    }

    @Test func errorsSayWhatWasExpected() {
        #expect(throws: PresentationSyntax.Error(expected: "rect, circle, capsule or rounded:R (R ≥ 0 points)")) {
            try PresentationSyntax.shape("oval")
        }
        #expect(PresentationSyntax.Error(expected: "x").description == "expected x")
    }

    @Test func namesIgnoreLetterCaseAndHyphens() throws {
        #expect(try PresentationSyntax.anchor("TOP-LEFT") == .topLeft)
        #expect(try PresentationSyntax.anchor("topleft") == .topLeft)
        #expect(try PresentationSyntax.focus("Smart") == .smart)
        #expect(try PresentationSyntax.shape("Rect") == .rectangle)
        #expect(try PresentationSyntax.effect("Grayscale") == .grayscale)
        #expect(try PresentationSyntax.effect("BLUR:2") == .blur(sigma: 2))
        #expect(try PresentationSyntax.contentMode("aspect-fill") == .aspectFill)
        #expect(try PresentationSyntax.contentMode("ScaleToFill") == .scaleToFill)
        #expect(Anchor(name: "Bottom-Right") == .bottomRight)
    }

    /// One spelling of each format for the CLI's `--format`, the URL's `format=` and a preset's `formats:`.
    @Test func formatsByName() throws {
        for format in ImageFormat.encodable {
            #expect(try PresentationSyntax.format(format.description) == format)
            #expect(try PresentationSyntax.format(format.description.uppercased()) == format)
        }
        #expect(try PresentationSyntax.format("jpg") == .jpeg)
        #expect(try PresentationSyntax.format("JPG") == .jpeg)
        for text in ["heic", "svg", "", "jpe", "png8"] {
            #expect(throws: PresentationSyntax.Error.self) { try PresentationSyntax.format(text) }
        }
    }

    /// Every generated value prints a form the parser reads back as the same value
    /// (a seeded generator: the same 500 cases on every run and machine).
    @Test func generatedValuesRoundTrip() throws {
        var random = SeededGenerator(seed: 0x5EED_0F_5A7A)
        for _ in 0..<500 {
            let anchor = Anchor.allCases.randomElement(using: &random)!
            #expect(try PresentationSyntax.anchor(anchor.description) == anchor)
            let mode = ContentMode.allCases.randomElement(using: &random)!
            #expect(try PresentationSyntax.contentMode(mode.description) == mode)
            let point = Focus.point(x: random.fraction(), y: random.fraction())
            for focus in [point, .anchor(anchor), .smart] { #expect(try PresentationSyntax.focus(focus.description) == focus) }
            let radius = random.fraction() * 200
            for shape in [ImageShape.roundedRect(cornerRadius: radius), .circle, .capsule, .rectangle] {
                #expect(try PresentationSyntax.shape(shape.description) == shape)
            }
            let sigma = random.fraction() * ImageEffect.maxSigma
            let effects = [ImageEffect.blur(sigma: sigma), .sharpen(amount: random.fraction() * ImageEffect.maxSharpenAmount), .grayscale]
            for effect in effects { #expect(try PresentationSyntax.effect(effect.description) == effect) }
            #expect(try PresentationSyntax.backdrop(Backdrop.blurredImage(sigma: sigma).description) == .blurredImage(sigma: sigma))
            let color = Color(red: random.byte(), green: random.byte(), blue: random.byte(), alpha: random.byte())
            #expect(try PresentationSyntax.color(color.description) == color)
            let size = Size(width: random.fraction() * 4000, height: random.fraction() * 4000)
            #expect(PresentationSyntax.size(size.description) == size)
            let format = ImageFormat.encodable.randomElement(using: &random)!
            #expect(try PresentationSyntax.format(format.description) == format)
        }
    }
}
