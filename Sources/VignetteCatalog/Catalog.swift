import Foundation
import Vignette

/// One rendered example of an app-wide descriptor.
package struct CatalogEntry: Sendable {
    /// The file name stem and unique identifier (the descriptor's
    /// accessibility identifier plus a variant suffix).
    package let identifier: String
    /// Which app-wide descriptor this shows, as an app's call site names it
    /// (`.productImage(parrots)`: the app defines `.productImage` the way
    /// `DemoImages` does).
    package let source: String
    /// Surface size in points.
    package let size: Size
    /// Surface scale.
    package let scale: Double
    /// The descriptor, resolved for this scale.
    package let descriptor: ImageDescriptor<Bitmap>
    /// The format of the image file the descriptor's pixels were decoded
    /// from; nil for artwork drawn in code.
    package var sourceFormat: ImageFormat?
    /// The format the catalog writes the render in (`fileName`): PNG but
    /// for the output-format row.
    package var output: Output = .png
    /// Begins a new row of the contact sheet (the first of a group).
    var startsSheetRow = false
    /// Which page of the catalog lists it.
    package var page: Page = .descriptors

    /// A page of the catalog.
    package enum Page: String, Sendable, Hashable {
        /// `index.html`: UIKit's four properties, formats and outputs.
        case descriptors
        /// `presentation.html`: focus, shape, border, overlays, effects, backdrop, sizing.
        case presentation
    }

    /// Renders the entry on a fresh surface.
    package func render() throws -> ImageSurface {
        let surface = try ImageSurface(size: size, scale: scale)
        surface.apply(descriptor)
        return surface
    }
}

/// The built-in catalog `vignette catalog` renders: each app-wide descriptor
/// at several sizes and scales, products in every content mode.
public enum Catalog {
    /// File URLs of the bundled product photos: PNGs, and `parrots` as a
    /// JPEG and `shutters` as a WebP too.
    public static func productURL(_ name: String, format: ImageFormat = .png) -> URL {
        DemoImages.bundle.directory.appendingPathComponent("product-\(name).\(format.fileExtension)")
    }

    /// Builds every entry (decoding the bundled resources once).
    package static func entries() throws -> [CatalogEntry] {
        var entries: [CatalogEntry] = []
        func add<R: LocalImageReference>(
            _ id: String, _ source: String, _ descriptor: ImageDescriptor<R>,
            _ w: Double, _ h: Double, scale: Double, from format: ImageFormat? = .png
        ) throws {
            let resolved = try descriptor.resolvedPixels(forScale: scale)
            entries.append(
                CatalogEntry(
                    identifier: id, source: source, size: Size(width: w, height: h),
                    scale: scale, descriptor: resolved, sourceFormat: format))
        }
        for scale in [1.0, 2, 3] {
            let s = "@\(Int(scale))x"
            try add("logo\(s)", ".logo", DemoImages.logo, 64, 64, scale: scale)
            try add(
                "feature-addressBook\(s)", ".featureIcon(.addressBook)",
                DemoImages.featureIcon(.addressBook), 32, 32, scale: scale, from: .svg)
            try add("loadingImage\(s)", ".loading", DemoImages.loading, 64, 64, scale: scale, from: .svg)
            try add("failureImage\(s)", ".failure", DemoImages.failure, 64, 64, scale: scale, from: .svg)
        }
        for (name, tint) in [("blue", DemoImages.Palette.blue), ("red", DemoImages.Palette.red)] {
            try add(
                "feature-addressBook-\(name)@2x", ".featureIcon(.addressBook).tint(\(tint))",
                DemoImages.featureIcon(.addressBook).tint(tint), 32, 32, scale: 2, from: .svg)
        }
        try add(
            "feature-addressBook-untinted@2x", ".featureIcon(.addressBook).tint(nil)",
            DemoImages.featureIcon(.addressBook).tint(nil), 32, 32, scale: 2, from: .svg)

        let parrots = try product("parrots")
        for mode in ContentMode.allCases {
            try add(
                "productImage-\(mode)@2x", ".productImage(parrots).contentMode(.\(mode))",
                parrots.contentMode(mode), 200, 150, scale: 2)
        }
        let statue = try product("statue")
        for mode in [ContentMode.aspectFit, .aspectFill] {
            try add(
                "productImage-statue-\(mode)@2x", ".productImage(statue).contentMode(.\(mode))",
                statue.contentMode(mode), 160, 160, scale: 2)
        }
        for (name, w, h) in [("door", 100.0, 100.0), ("shutters", 320, 180), ("door", 90, 160)] {
            try add(
                "productImage-\(name)-\(Int(w))x\(Int(h))@2x", ".productImage(\(name))",
                try product(name), w, h, scale: 2)
        }
        try add("productImage-shutters@3x", ".productImage(shutters)", try product("shutters"), 120, 90, scale: 3)

        return entries + (try translucentEntries()) + (try formatEntries()) + (try presentationEntries())
    }

    /// A translucent PNG over a background colour and tinted.
    private static func translucentEntries() throws -> [CatalogEntry] {
        let glass = try Bitmap(contentsOf: DemoImages.bundle.directory.appendingPathComponent("transparency.png").path)
        let yellow = ImageDescriptor(
            glass, contentMode: .aspectFit, background: Color(red: 0xFF, green: 0xCC, blue: 0),
            accessibilityIdentifier: "translucent")
        let tinted = ImageDescriptor(
            glass, contentMode: .aspectFit, tint: Color(red: 0x1F, green: 0x6F, blue: 0xEB, alpha: 0x80),
            accessibilityIdentifier: "translucentTinted")
        return [
            CatalogEntry(
                identifier: "translucent-over-yellow@1x", source: "ImageDescriptor(transparency, .aspectFit, background: #FFCC00)",
                size: Size(width: 200, height: 120), scale: 1, descriptor: yellow, sourceFormat: .png),
            CatalogEntry(
                identifier: "translucent-tinted@2x", source: "ImageDescriptor(transparency, .aspectFit, tint: #1F6FEB80)",
                size: Size(width: 100, height: 100), scale: 2, descriptor: tinted, sourceFormat: .png)
        ]
    }

    /// `DemoImages.productImage(url)` for a bundled photo, resolved locally:
    /// the remote pipeline does the same mapping for http(s) URLs.
    private static func product(_ name: String) throws -> ImageDescriptor<Bitmap> {
        try DemoImages.productImage(productURL(name)).map { (url: URL) throws(ImageDecoders.Error) in
            try Bitmap(contentsOf: url.path)
        }
    }
}
