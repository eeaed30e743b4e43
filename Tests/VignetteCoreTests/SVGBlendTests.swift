import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// `mix-blend-mode` and `isolation`.
@Suite struct SVGBlendTests {
    static func render(_ body: String) throws -> Bitmap {
        try SVGFilterTests.render(body, size: 4)
    }

    /// Opaque over opaque: each mode's B(Cb, Cs) exactly, set in `style` (an attribute of the name does nothing).
    @Test(arguments: [
        ("multiply", [41, 51, 0, 255]), ("screen", [214, 255, 128, 255]), ("difference", [153, 204, 128, 255]),
        ("darken", [51, 51, 0, 255]), ("lighten", [204, 255, 128, 255]), ("normal", [204, 51, 0, 255]),
        ("luminosity", [0, 145, 55, 255])
    ])
    func opaqueModes(_ mode: String, _ expected: [UInt8]) throws {
        let backdrop = #"<rect width="4" height="4" fill="rgb(51, 255, 128)"/>"#
        let styled = try Self.render(backdrop + #"<rect width="4" height="4" fill="rgb(204, 51, 0)" style="mix-blend-mode: \#(mode)"/>"#)
        #expect(SVGFilterTests.pixel(styled, 1, 1) == expected)
        // A CSS property with no presentation attribute: the attribute is ignored, as browsers and resvg do.
        let attribute = try Self.render(backdrop + #"<rect width="4" height="4" fill="rgb(204, 51, 0)" mix-blend-mode="\#(mode)"/>"#)
        #expect(SVGFilterTests.pixel(attribute, 1, 1) == [204, 51, 0, 255])
    }

    /// Where the backdrop is empty the source is drawn as it is; an isolated
    /// group blends its children only with each other.
    @Test func emptyBackdropsAndIsolation() throws {
        let alone = try Self.render(#"<rect width="4" height="4" fill="rgb(204, 51, 0)" style="mix-blend-mode: multiply"/>"#)
        #expect(SVGFilterTests.pixel(alone, 0, 0) == [204, 51, 0, 255])
        let blended = #"<rect width="4" height="4" fill="rgb(204, 51, 0)" style="mix-blend-mode: multiply"/>"#
        let isolated = try Self.render(#"<rect width="4" height="4" fill="white"/><g style="isolation: isolate">\#(blended)</g>"#)
        #expect(SVGFilterTests.pixel(isolated, 0, 0) == [204, 51, 0, 255])
        let open = try Self.render(#"<rect width="4" height="4" fill="rgb(128, 128, 128)"/><g>\#(blended)</g>"#)
        #expect(SVGFilterTests.pixel(open, 0, 0) == [102, 26, 0, 255])
    }
}
