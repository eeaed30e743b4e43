import Foundation
import Testing
import Vignette
import VignetteServer

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
        for focus in [Focus.smart, .point(x: 0.3, y: 0.25), .point(x: 0, y: 1), .bottomLeft] {
            #expect(try PresentationSyntax.focus(focus.description) == focus)
        }
        for shape in [ImageShape.circle, .capsule, .rectangle, .roundedRect(cornerRadius: 12.5)] {
            #expect(try PresentationSyntax.shape(shape.description) == shape)
        }
        #expect(try PresentationSyntax.backdrop(Backdrop.blurredImage(sigma: 12).description) == .blurredImage(sigma: 12))
        for effect in [ImageEffect.grayscale, .blur(sigma: 2), .sharpen(amount: 1.5)] {
            // Effects read as `blur:2` (the CLI's and YAML's form), described as `blur(2)`.
            let text = effect.description.replacingOccurrences(of: "(", with: ":").replacingOccurrences(of: ")", with: "")
            #expect(try PresentationSyntax.effect(text) == effect)
        }
    }

    @Test func effectsAndBackdrops() throws {
        #expect(try PresentationSyntax.effect("blur:0") == .blur(sigma: 0))
        #expect(try PresentationSyntax.effect("blur:100") == .blur(sigma: 100))
        #expect(try PresentationSyntax.effect("sharpen:10") == .sharpen(amount: 10))
        #expect(try PresentationSyntax.backdrop("blur:1e1") == .blurredImage(sigma: 10))
        #expect(try PresentationSyntax.shape("rectangle") == .rectangle)
    }

    @Test(arguments: [
        "blur:", "blur:x", "blur:100.5", "blur:-1", "blur:nan", "blur:inf", "sharpen:10.01", "sharpen", "Grayscale", "sepia", "blur:0x10"
    ])
    func badEffects(text: String) {
        #expect(throws: PresentationSyntax.Error.self) { try PresentationSyntax.effect(text) }
    }

    @Test(arguments: ["", "middle", "1.01,0", "0,-0.1", "0.5", "0.5,0.5,0.5", "nan,0", "a,b", "Smart", " 0.5, 0.5 ,"])
    func badFoci(text: String) {
        #expect(throws: PresentationSyntax.Error.self) { try PresentationSyntax.focus(text) }
    }

    @Test(arguments: ["oval", "rounded", "rounded:", "rounded:-2", "rounded:inf", "circle:2", "Rect"])
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
}
