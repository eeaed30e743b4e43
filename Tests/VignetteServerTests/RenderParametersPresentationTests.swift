import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// What a render URL may say about its one image: `fp`, `w` or `h` alone,
/// and — only for presets with `allowSizing` — `rt`, `el`, `ex`. Parsing,
/// errors naming the parameter, the descriptor they make, the bound on an
/// open side, signatures and ETags.
@Suite struct RenderParametersPresentationTests {
    static let url = "url=https%3A%2F%2Fcdn.example.com%2Fa.jpg"
    static let limits = ServerConfiguration.Limits()

    static func parse(_ query: String, allowSizing: Bool = false) throws(RenderParameters.Error) -> RenderParameters {
        try RenderParameters(query: "\(url)&\(query)", limits: limits, allowSizing: allowSizing)
    }

    @Test func focalPointAndOpenSides() throws {
        let parameters = try Self.parse("w=200&h=100&fp=0.3,0.25")
        #expect(parameters.focalPoint == .point(x: 0.3, y: 0.25) && parameters.size == Size(width: 200, height: 100))
        #expect(try Self.parse("w=200").size == Size(width: 200, height: 0))
        #expect(try Self.parse("h=120&w=0").size == Size(width: 0, height: 120))
        #expect(try Self.parse("fp=1,0&h=5").focalPoint == .point(x: 1, y: 0))
        let plain = try Self.parse("w=1&h=1")
        #expect(plain.focalPoint == nil && plain.resizingType == nil && plain.enlarge == nil && plain.extend == nil)
    }

    @Test func sizingParametersWhenThePresetAllowsThem() throws {
        let parameters = try Self.parse("w=10&rt=fill-down&el=0&ex=1", allowSizing: true)
        #expect(parameters.resizingType == .fillDown && parameters.enlarge == false && parameters.extend == true)
        #expect(RenderParameters.ResizingType.allCases.map(\.rawValue) == ["fit", "fill", "fill-down", "force"])
    }

    @Test(arguments: [
        ("w=10&h=10&fp=1.5,0", "fp=1.5,0: expected X,Y"), ("w=10&h=10&fp=0.5", "fp=0.5: expected X,Y"),
        ("w=10&h=10&fp=nan,0", "fp=nan,0"), ("w=0&h=0", "missing parameter w or h"), ("scale=2", "missing parameter w or h"),
        ("w=-1", "w=-1: must be between 1 and 4096, or 0"), ("w=10&rt=fit", "rt: this preset does not allow sizing"),
        ("w=10&el=1", "el: this preset does not allow sizing"), ("w=10&ex=0", "ex: this preset does not allow sizing"),
        ("w=10&fp=0,0&fp=1,1", "parameter fp is given more than once"), ("w=10&gravity=sm", "unknown parameter gravity")
    ])
    func errorsNameTheParameter(query: String, message: String) {
        #expect {
            _ = try Self.parse(query)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test(arguments: [
        ("w=10&rt=crop", "rt=crop: expected fit, fill, fill-down or force"), ("w=10&el=yes", "el=yes: expected 0 or 1"),
        ("w=10&ex=2", "ex=2: expected 0 or 1")
    ])
    func badSizingValuesNameTheParameter(query: String, message: String) {
        #expect {
            _ = try Self.parse(query, allowSizing: true)
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test func theRequestChangesOnlyWhatItNames() throws {
        let preset = ImageDescriptor("a", contentMode: .aspectFit).shape(.circle).focus(.top)
            .sizing(Sizing(enlarge: true, extend: false, extendAspectRatio: true))
        #expect(try Self.parse("w=10").applied(to: preset) == preset)
        let focused = try Self.parse("w=10&fp=0.1,0.9").applied(to: preset)
        #expect(focused == preset.focus(.point(x: 0.1, y: 0.9)))
        let fill = try Self.parse("w=10&rt=fill-down&el=0", allowSizing: true).applied(to: preset)
        #expect(fill.contentMode == .aspectFill && fill.sizing == Sizing(enlarge: false, extend: false, extendAspectRatio: true, fillDown: true))
        #expect(fill.shape == .circle && fill.focus == .anchor(.top))
        let force = try Self.parse("w=10&rt=force&ex=1", allowSizing: true).applied(to: fill)
        #expect(force.contentMode == .scaleToFill && force.sizing == Sizing(enlarge: false, extend: true))
        #expect(try Self.parse("w=10&rt=fit", allowSizing: true).applied(to: preset).contentMode == .aspectFit)
        #expect(try Self.parse("w=10&rt=fill", allowSizing: true).applied(to: preset).contentMode == .aspectFill)
    }

    @Test func anOpenSideIsBoundedOnceTheImageIsKnown() throws {
        // 200×100 pt image (400×200 px @2x): w=4000 makes h 2000 pt; at scale 2 that is 32 Mpx.
        let wide = ImageDescriptor(Bitmap(width: 400, height: 200, scale: 2), contentMode: .aspectFit)
        try Self.parse("w=4000").checkOpenSide(wide, limits: Self.limits)
        #expect(throws: RenderParameters.Error.tooManyPixels(32_000_000, limit: 16_000_000)) {
            try Self.parse("w=4000&scale=2").checkOpenSide(wide, limits: Self.limits)
        }
        // A tall image: h=0 with w=100 over a 10×1000 pt image is 10000 pt, over the 4096 limit.
        let tall = ImageDescriptor(Bitmap(width: 10, height: 1000), contentMode: .aspectFill)
        #expect(throws: RenderParameters.Error.openSideTooLarge("h", points: 10000, max: 4096)) {
            try Self.parse("w=100").checkOpenSide(tall, limits: Self.limits)
        }
        // A fixed-size mode draws the image at its own size: 1000 pt.
        try Self.parse("w=100").checkOpenSide(tall.contentMode(.center), limits: Self.limits)
        #expect(throws: RenderParameters.Error.openSideTooLarge("w", points: 5000, max: 4096)) {
            try Self.parse("h=500").checkOpenSide(ImageDescriptor(Bitmap(width: 1000, height: 100), contentMode: .aspectFit), limits: Self.limits)
        }
        // Both sides given: nothing to check here.
        try Self.parse("w=100&h=100").checkOpenSide(tall, limits: Self.limits)
    }
}
