import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// `feDiffuseLighting` and `feSpecularLighting`: normals from the alpha
/// map, the three light sources, and the inputs the spec makes an error.
@Suite struct SVGFilterLightingTests {
    static func lit(_ primitive: String) throws -> Bitmap {
        try SVGFilterNeighbourTests.filtered(primitive, #"<rect width="20" height="20"/>"#)
    }

    /// On a flat surface the normal points up: diffuse light is kd × sin(elevation) × colour, opaque.
    @Test func diffuseOnAFlatSurface() throws {
        let image = try Self.lit(#"<feDiffuseLighting diffuseConstant="1"><feDistantLight azimuth="10" elevation="45"/></feDiffuseLighting>"#)
        #expect(SVGFilterTests.pixel(image, 10, 10) == [180, 180, 180, 255] && SVGFilterTests.pixel(image, 0, 0) == [180, 180, 180, 255])
        let tinted = try Self.lit(
            #"<feDiffuseLighting diffuseConstant="0.4" lighting-color="rgb(255, 0, 100)"><feDistantLight elevation="90"/></feDiffuseLighting>"#)
        #expect(SVGFilterTests.pixel(tinted, 3, 17) == [102, 0, 40, 255])
    }

    /// Specular light from straight above a flat surface is ks × colour,
    /// as opaque as its brightest channel; exponents outside 1…128 and a
    /// missing light give transparent black.
    @Test func specularAndErrors() throws {
        let image = try Self.lit(
            #"<feSpecularLighting specularConstant="0.4" specularExponent="7" lighting-color="rgb(255, 102, 0)"><feDistantLight elevation="90"/></feSpecularLighting>"#
        )
        #expect(SVGFilterTests.pixel(image, 10, 10) == [102, 41, 0, 102])
        for primitive in [
            #"<feSpecularLighting specularExponent="0.5"><feDistantLight/></feSpecularLighting>"#,
            #"<feSpecularLighting specularExponent="129"><feDistantLight/></feSpecularLighting>"#,
            #"<feDiffuseLighting diffuseConstant="-1"><feDistantLight/></feDiffuseLighting>"#, "<feDiffuseLighting/>"
        ] {
            #expect(try Self.lit(primitive).pixels.allSatisfy { $0 == 0 }, "\(primitive)")
        }
    }

    /// On a linear alpha ramp every pixel — interior, edge and corner, each
    /// with its own kernel — gets the same normal: the spec's kernels give
    /// twice the slope, times `surfaceScale`.
    @Test func edgeKernelsAgreeOnARamp() {
        var ramp = SVGFilterImage(width: 6, height: 5, linear: false)
        for y in 0..<5 {
            for x in 0..<6 { ramp.pixels[(y * 6 + x) * 4 + 3] = UInt8(40 + 30 * x) }
        }
        let interior = SVGFilterChain.normal(ramp, 2, 2, surfaceScale: 3)
        #expect(abs(interior.x - (-3 * 60.0 / 255) / (1 + 9 * 3_600.0 / 65_025).squareRoot()) < 1e-12)
        #expect(interior.y == 0)
        for y in 0..<5 {
            for x in 0..<6 {
                let n = SVGFilterChain.normal(ramp, x, y, surfaceScale: 3)
                #expect(abs(n.x - interior.x) < 1e-12 && abs(n.y) < 1e-12 && abs(n.z - interior.z) < 1e-12, "(\(x), \(y))")
            }
        }
    }

    /// A spot light pointing straight down lights a disc: inside its cone
    /// the surface is lit, outside it is black (and opaque).
    @Test func spotLightsAreCones() throws {
        let image = try Self.lit(
            #"<feDiffuseLighting><feSpotLight x="10" y="10" z="10" pointsAtX="10" pointsAtY="10" pointsAtZ="0" limitingConeAngle="30"/></feDiffuseLighting>"#)
        #expect(SVGFilterTests.pixel(image, 10, 10)[0] > 200)
        #expect(SVGFilterTests.pixel(image, 10, 14)[0] > 0)
        #expect(SVGFilterTests.pixel(image, 10, 17) == [0, 0, 0, 255] && SVGFilterTests.pixel(image, 0, 0) == [0, 0, 0, 255])
    }
}
