import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette
@testable import VignetteCatalog

/// The catalog's spinner, failure and feature icons are SVG resources: one
/// file each, drawn at @1x, @2x and @3x, its `currentColor` parts taking the
/// descriptor's tint and its other colours staying.
@Suite struct CatalogIconTests {
    /// Each icon's descriptor, file name and side in points.
    static let icons: [(descriptor: ImageDescriptor<NamedImage>, file: String, points: Int)] = [
        (DemoImages.loading, "spinner", 24), (DemoImages.failure, "failure", 24),
        (DemoImages.featureIcon(.addressBook), "address-book", 16)
    ]
    static let tabRed = Color(red: 0xD0, green: 0x21, blue: 0x1B)

    /// Pixels neither empty nor fully covered: the anti-aliased edge.
    static func partlyCovered(_ bitmap: Bitmap) -> Int {
        stride(from: 3, to: bitmap.pixels.count, by: 4).count { bitmap.pixels[$0] != 0 && bitmap.pixels[$0] != 255 }
    }

    @Test func theIconsAreSVGFilesThatTheBundlePrefers() throws {
        for (descriptor, file, points) in Self.icons {
            #expect(descriptor.reference.name == file)
            let url = DemoImages.bundle.directory.appendingPathComponent("\(file).svg")
            let document = try SVGDocument(data: Data(contentsOf: url))
            #expect(document.size == Size(width: Double(points), height: Double(points)), "\(file)")
            #expect(document.skippedElements.isEmpty, "\(file) draws everything it holds")
            #expect(try descriptor.reference.bitmap(forScale: 2) == document.bitmap(forScale: 2), "\(file)")
        }
        #expect(DemoImages.bundle.availableScales(of: "spinner").isEmpty && DemoImages.bundle.availableScales(of: "failure").isEmpty)
        // address-book.png stays as a test fixture; the vector wins over it.
        let png = try PNGCodec.decode(Data(contentsOf: DemoImages.bundle.directory.appendingPathComponent("address-book@2x.png")))
        #expect(try DemoImages.featureIcon(.addressBook).reference.bitmap(forScale: 2).pixels != png.pixels)
    }

    @Test(arguments: [1.0, 2, 3])
    func eachIconIsDrawnAtExactlyTheScaleAskedFor(scale: Double) throws {
        let pixels = Int(scale)
        for (descriptor, file, points) in Self.icons {
            let bitmap = try descriptor.reference.bitmap(forScale: scale)
            #expect(bitmap.width == points * pixels && bitmap.height == points * pixels && bitmap.scale == scale, "\(file)")
        }
        // The address book's straight edges sit on whole points: no grey seam at any scale.
        let book = try DemoImages.featureIcon(.addressBook).reference.bitmap(forScale: scale)
        let middle = 8 * pixels
        #expect(book[2 * pixels - 1, middle].alpha == 0 && book[2 * pixels, middle].alpha == 255, "left edge at 2 pt")
        #expect(book[middle, pixels - 1].alpha == 0 && book[middle, pixels].alpha == 255, "top edge at 1 pt")
        #expect(book[middle, 15 * pixels - 1].alpha == 255 && book[middle, 15 * pixels].alpha == 0, "bottom edge at 15 pt")
        // The catalog's entries hold those drawings, the tint drawn in.
        for name in ["loadingImage", "failureImage", "feature-addressBook"] {
            let entry = try #require(try Catalog.entries().first { $0.identifier == "\(name)@\(pixels)x" })
            #expect(entry.sourceFormat == .svg && entry.descriptor.tint == nil && entry.descriptor.reference.scale == scale)
        }
    }

    /// Drawn at each scale, not resampled from one: the soft edge stays one
    /// pixel wide, so its pixel count grows with the outline's length (about
    /// 2× and 3× the @1x count), where a resampled @1x drawing's would
    /// grow with its area (4× and 9×).
    @Test func edgesStaySharpAtEveryScale() throws {
        for (descriptor, file, _) in Self.icons {
            let soft = try [1.0, 2, 3].map { Self.partlyCovered(try descriptor.reference.bitmap(forScale: $0)) }
            #expect(soft[0] > 0, "\(file) is anti-aliased")
            #expect(soft[1] <= soft[0] * 3 && soft[2] <= soft[0] * 5, "\(file): \(soft)")
        }
    }

    @Test func theTintColoursTheCurrentColorPartsOnly() throws {
        let book = DemoImages.featureIcon(.addressBook).reference
        for tint in [DemoImages.Palette.darkGray, DemoImages.Palette.blue, .white] {
            let (bitmap, tinted) = try book.bitmap(forScale: 3, tint: tint)
            #expect(tinted)
            #expect(bitmap.color(x: 31, y: 7) == tint, "the cover takes the tint")
            #expect(bitmap.color(x: 43, y: 12) == Self.tabRed, "the red index tab keeps its colour")
            #expect(bitmap[25, 19].alpha == 0, "the person is cut out of the cover")
            let spine = bitmap.color(x: 7, y: 24)
            #expect(abs(Int(spine.red) - Int(tint.red) * 65 / 100) <= 1 && spine.alpha == 255, "the spine darkens the tint")
        }
        let untinted = try book.bitmap(forScale: 3)
        #expect(untinted.color(x: 31, y: 7) == .black && untinted.color(x: 43, y: 12) == Self.tabRed)
        // The placeholders are all currentColor: every covered pixel is the tint.
        for descriptor in [DemoImages.loading, DemoImages.failure] {
            let tint = try #require(descriptor.tint)
            let (bitmap, _) = try descriptor.reference.bitmap(forScale: 2, tint: tint)
            let opaque = Set((0..<bitmap.height).flatMap { y in (0..<bitmap.width).map { bitmap[$0, y] } }.filter { $0.alpha == 255 })
            #expect(opaque == [tint.premultiplied])
        }
    }

    /// On a surface, the tint reaches the vector as `currentColor` and is not
    /// applied again as a template: the tabs stay red, the background shows
    /// through the person.
    @Test func aSurfaceDrawsTheIconWithItsFixedColours() throws {
        let surface = try ImageSurface(size: Size(width: 32, height: 32), scale: 2)
        try surface.apply(DemoImages.featureIcon(.addressBook))
        let out = surface.render()
        // Centred: the icon's (x, y) pt is the surface's (8 + x, 8 + y) pt.
        #expect(out.color(x: 37, y: 21) == DemoImages.Palette.darkGray)
        #expect(out.color(x: 45, y: 24) == Self.tabRed)
        #expect(out.color(x: 33, y: 28) == DemoImages.Palette.lightGray)
        #expect(out.color(x: 0, y: 0) == DemoImages.Palette.lightGray)
    }
}
