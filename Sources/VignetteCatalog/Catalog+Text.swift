import Foundation
import Vignette

extension Catalog {
    /// Text on images: a product card with its price, an Open Graph card (a
    /// title over a photo on a scrim, wrapped to two lines with an ellipsis)
    /// and its right-to-left twin in Arabic, and a tiled watermark.
    static func textEntries(parrots: ImageDescriptor<Bitmap>, door: ImageDescriptor<Bitmap>) throws -> [CatalogEntry] {
        let fonts = try arabicFonts()
        let white = Color.white
        let price = TextImage("€ 24.90", style: TextStyle(size: 16, weight: .bold, color: white))
        let pill = ImageDescriptor(price, background: DemoImages.Palette.red).shape(.capsule)
        let name = TextImage(
            "Green door, hand-painted", style: TextStyle(size: 15, weight: .semibold, color: white, shadow: TextShadow(blur: 1.5)),
            width: 160, maxLines: 2)
        let card = door.shape(.roundedRect(cornerRadius: 12)).overlays([
            ImageOverlay(pill.erased, anchor: .bottomLeft, offset: Point(x: 10, y: -10)),
            ImageOverlay(ImageDescriptor(name).erased, anchor: .top, offset: Point(x: 0, y: 10))
        ])
        let english = openGraph(
            parrots, title: "Parrots of the rainforest canopy: how they talk, what they eat and why they live so long",
            direction: .leftToRight, fonts: fonts)
        let arabic = openGraph(
            parrots, title: "ببغاوات الغابات المطيرة: كيف تتكلم وماذا تأكل ولماذا تعيش طويلاً جداً في البرية",
            direction: .rightToLeft, fonts: fonts)
        let mark = TextImage(
            "© Shop", style: TextStyle(size: 12, weight: .bold, color: Color(red: 255, green: 255, blue: 255, alpha: 150), alignment: .center),
            width: 70, height: 36, verticalAlignment: .center)
        let watermarked = parrots.overlays([ImageOverlay(ImageDescriptor(mark).erased, anchor: .topLeft, tiled: true)])
        let items: [(String, String, ImageDescriptor<Bitmap>, Size)] = [
            ("product-card", ".productCard(door): a price pill, a name wrapped in 160 pt with a shadow", card, Size(width: 180, height: 240)),
            ("open-graph", ".openGraph(parrots, title:): two lines, ellipsis, scrim", english, Size(width: 600, height: 315)),
            ("open-graph-rtl", ".openGraph(parrots, title:) in Arabic: right to left", arabic, Size(width: 600, height: 315)),
            ("watermark", ".productImage(parrots).overlays([© Shop tiled])", watermarked, Size(width: 240, height: 160))
        ]
        return rowEntries(items, prefix: "presentation-text-")
    }

    /// A 600 × 315 pt card: the photo, a dark scrim over its lower half, the title on it in two lines at most.
    private static func openGraph(
        _ photo: ImageDescriptor<Bitmap>, title: String, direction: TextDirection, fonts: FontCollection
    ) -> ImageDescriptor<Bitmap> {
        let scrim = Bitmap(width: 1, height: 1, fill: Color(red: 0, green: 0, blue: 0, alpha: 150))
        let style = TextStyle(size: 34, weight: .bold, color: .white, lineHeight: 1.25, direction: direction)
        let text = TextImage(title, style: style, width: 552, maxLines: 2, minimumSize: 30, fonts: fonts)
        return photo.overlays([
            ImageOverlay(ImageDescriptor(scrim, contentMode: .scaleToFill).erased, anchor: .bottom, size: Size(width: 600, height: 140)),
            ImageOverlay(ImageDescriptor(text).erased, anchor: .bottom, offset: Point(x: 0, y: -24)),
            ImageOverlay(
                DemoImages.logo.erased, anchor: direction == .rightToLeft ? .topLeft : .topRight,
                offset: Point(x: direction == .rightToLeft ? 16 : -16, y: 16), size: Size(width: 48, height: 48))
        ])
    }

    /// The bundled Noto Sans, then the catalog's Noto Sans Arabic.
    static func arabicFonts() throws -> FontCollection {
        let folder = DemoImages.resources.appendingPathComponent("fonts")
        return FontCollection.standard.adding(try FontCollection(contentsOf: [folder], fallback: ["Noto Sans Arabic"]))
    }
}
