import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// SVG where a bitmap goes: recognised among the standard decoders, drawn
/// at the request's scale or the render's target, bounded by the decoding
/// limits, and preferred by `NamedImage` over bitmaps.
@Suite struct SVGSourceTests {
    static let icon = Data(
        ##"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 12 8" width="12" height="8"><rect width="6" height="8" fill="#0A84FF"/></svg>"##
            .utf8)

    @Test func theStandardDecodersRecogniseSVGByItsContent() throws {
        #expect(ImageDecoders.standard.decoder(for: Self.icon)?.format == .svg)
        #expect(ImageDecoders.standard.decoder(for: Data("<html><svg></svg></html>".utf8)) == nil)
        #expect(ImageFormat.svg.mediaType == "image/svg+xml")
        let bitmap = try ImageDecoders.standard.decode(Self.icon, options: DecodingOptions(scale: 3))
        #expect((bitmap.width, bitmap.height, bitmap.scale) == (36, 24, 3))
        #expect(bitmap.size == Size(width: 12, height: 8))
        #expect(bitmap[17, 0] == Color(red: 0x0A, green: 0x84, blue: 0xFF).premultiplied && bitmap[18, 0].alpha == 0)
    }

    /// With a target, the vector is drawn at the pixels the render needs, not resampled.
    @Test(arguments: [
        (ContentMode.scaleToFill, 50, 30, 50, 30), (.aspectFit, 60, 60, 60, 40), (.aspectFill, 60, 60, 90, 60), (.center, 60, 60, 12, 8)
    ])
    func aTargetSetsThePixelsDrawn(_ mode: ContentMode, _ w: Int, _ h: Int, _ ew: Int, _ eh: Int) throws {
        var options = DecodingOptions()
        options.shrinkTarget = ShrinkTarget(size: PixelSize(width: w, height: h), contentMode: mode)
        let bitmap = try SVGDecoder().decode(Self.icon, options: options)
        #expect((bitmap.width, bitmap.height) == (ew, eh))
    }

    /// A file over one of its budgets is refused as unsupported (its bytes may be fine), naming the limit.
    @Test func aBudgetIsUnsupportedNotCorrupt() {
        var limits = SVGDocument.Limits.standard
        limits.maxElements = 1
        #expect {
            try SVGDecoder(limits: limits).decode(Self.icon, options: DecodingOptions())
        } throws: { error in
            guard let error = error as? ImageDecoders.Error, case .unsupported(let detail) = error.reason else { return false }
            return detail.contains("maxElements") && !error.isDamagedData
        }
    }

    /// One open side: the vector is drawn at the given side, the other from its aspect ratio.
    @Test func anOpenSideSetsThePixelsFromTheOther() throws {
        var options = DecodingOptions()
        options.shrinkTarget = ShrinkTarget(size: PixelSize(width: 0, height: 40), contentMode: .scaleToFill)
        let bitmap = try SVGDecoder().decode(Self.icon, options: options)
        #expect((bitmap.width, bitmap.height) == (60, 40))
        options.shrinkTarget?.sizing = Sizing(enlarge: false)
        #expect(try SVGDecoder().decode(Self.icon, options: options).width == 12)
    }

    @Test func decodingLimitsBoundThePixels() {
        var options = DecodingOptions(scale: 1000)
        options.maxPixelCount = 1_000_000
        #expect {
            try SVGDecoder().decode(Self.icon, options: options)
        } throws: { error in
            guard case .tooLarge = (error as? ImageDecoders.Error)?.reason else { return false }
            return true
        }
        #expect {
            try SVGDecoder().decode(Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><g></svg>".utf8), options: DecodingOptions())
        } throws: { error in
            guard let error = error as? ImageDecoders.Error, case .malformed = error.reason else { return false }
            return error.format == .svg && error.isDamagedData
        }
    }

    /// `NamedImage("cart")` takes `cart.svg` over `cart.png` and draws it at the surface's exact scale.
    @Test func aNamedImagePrefersItsVector() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-bundle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.icon.write(to: folder.appendingPathComponent("cart.svg"))
        try Bitmap(width: 1, height: 1, fill: .black).encoded().write(to: folder.appendingPathComponent("cart.png"))
        let bundle = ImageBundle(directory: folder)
        let at3x = try NamedImage("cart", in: bundle).bitmap(forScale: 3)
        #expect((at3x.width, at3x.height, at3x.scale) == (36, 24, 3))
        let atOneAndAHalf = try NamedImage("cart", in: bundle).bitmap(forScale: 1.5)
        #expect((atOneAndAHalf.width, atOneAndAHalf.height) == (18, 12))
    }

    @Test func aDocumentIsALocalReference() throws {
        let document = try SVGDocument(data: Self.icon)
        let bitmap = try ImageDescriptor(document, contentMode: .center).reference.bitmap(forScale: 2)
        #expect((bitmap.width, bitmap.height) == (24, 16))
    }

    /// A descriptor's tint is a vector's `currentColor`: the icon takes the
    /// app's colour and keeps its others; a bitmap is still tinted as a template.
    @Test func aTintSetsAVectorsCurrentColor() throws {
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="2" height="2" fill="currentColor"/><rect x="2" width="2" height="2" fill="lime"/></svg>"#
        let document = try SVGDocument(data: Data(svg.utf8))
        let blue = Color(red: 0, green: 0, blue: 255)
        let surface = try ImageSurface(size: Size(width: 4, height: 2), scale: 1)
        try surface.apply(ImageDescriptor(document, contentMode: .scaleToFill, tint: blue))
        let vector = surface.render()
        #expect(vector[0, 0] == blue.premultiplied && vector[3, 0] == Color(red: 0, green: 255, blue: 0).premultiplied)
        surface.apply(ImageDescriptor(try document.bitmap(forScale: 1), contentMode: .scaleToFill, tint: blue))
        let template = surface.render()
        #expect(template[0, 0] == blue.premultiplied && template[3, 0] == blue.premultiplied)
    }

    /// `vignette info` and `GET /info`: an SVG's size in points, its viewBox, what it does not draw, and the families its text asks for.
    @Test func infoReportsTheViewBoxAndWhatIsNotDrawn() throws {
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 12" width="48"><text font-family="Inter, serif">Hi</text><rect width="4" height="4"/>"#
            + #"<image href="logo.png"/><image href="data:image/png;base64,AAAA"/><image href="logo.png"/></svg>"#
        let info = try ImageInfo.read(Data(svg.utf8))
        #expect(info.format == .svg && (info.width, info.height) == (48, 24))
        #expect(info.viewBox == "0 0 24 12" && info.skippedElements == ["image logo.png"])
        #expect(info.fontFamilies == ["Inter"] && info.missingFontFamilies == ["Inter"])
        #expect(
            info.json().hasSuffix(#","viewBox":"0 0 24 12","skippedElements":["image logo.png"],"fontFamilies":["Inter"],"missingFontFamilies":["Inter"]}"#))
        #expect(info.text.contains("not drawn:") && info.text.contains("fonts not found: Inter"))
        let fonts = FontCollection(
            try Font.faces(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/fonts/NotoSansHebrew-Regular.ttf")))
        let hebrew = #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text font-family="Noto Sans Hebrew">א</text></svg>"#
        let found = try ImageInfo.read(Data(hebrew.utf8), decoders: .standard(fonts: fonts))
        #expect(found.fontFamilies == ["Noto Sans Hebrew"] && found.missingFontFamilies.isEmpty)
        #expect(try ImageInfo.read(Bitmap(width: 1, height: 1).encoded()).json().contains("viewBox") == false)
    }
}
