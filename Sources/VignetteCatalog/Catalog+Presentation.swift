import Foundation
import Vignette

extension Catalog {
    /// The presentation page: focus, shape, border, overlays, effects,
    /// backdrop and sizing, each alone and then combined as an app would.
    static func presentationEntries() throws -> [CatalogEntry] {
        let parrots = try product("parrots", format: .png)
        let statue = try product("statue", format: .png)
        let door = try product("door", format: .png)
        var entries: [CatalogEntry] = []
        func add(_ id: String, _ source: String, _ descriptor: ImageDescriptor<Bitmap>, _ w: Double, _ h: Double) {
            entries.append(
                CatalogEntry(
                    identifier: "presentation-\(slug(id))@2x", source: source, size: Size(width: w, height: h), scale: 2,
                    descriptor: descriptor, sourceFormat: .png, startsSheetRow: entries.isEmpty, page: .presentation))
        }
        for focus in [Focus.anchor(.left), .anchor(.right), .point(x: 0.3, y: 0.4), .smart] {
            add("focus-\(focus)", ".productImage(parrots).focus(\(swiftName(focus)))", parrots.focus(focus), 100, 150)
        }
        for focus in [Focus.anchor(.top), .anchor(.bottom)] {
            add("focus-statue-\(focus)", ".productImage(statue).focus(\(swiftName(focus)))", statue.focus(focus), 200, 100)
        }
        for shape in [ImageShape.circle, .roundedRect(cornerRadius: 16), .capsule] {
            let (w, h) = shape == .circle ? (120.0, 120.0) : shape == .capsule ? (200.0, 80.0) : (200.0, 150.0)
            add("shape-\(shape)", ".productImage(door).shape(\(swiftName(shape)))", door.shape(shape), w, h)
        }
        let frame = Border(width: 4, color: DemoImages.Palette.blue)
        add("border", ".productImage(door).border(4pt blue)", door.border(frame), 200, 150)
        add(
            "overlay-badge", ".productImage(door).overlays([badge at bottom-right -6,-6])",
            door.overlays([badge(offset: -6)]), 200, 150)
        let watermark = ImageOverlay(
            DemoImages.logo.erased, anchor: .topLeft, size: Size(width: 40, height: 40), opacity: 0.3, tiled: true)
        add("overlay-watermark", ".productImage(door).overlays([logo 40pt 30% tiled])", door.overlays([watermark]), 200, 150)
        for effect in [ImageEffect.blur(sigma: 4), .grayscale, .sharpen(amount: 2)] {
            add("effect-\(effect)", ".productImage(parrots).effects([\(swiftName(effect))])", parrots.effects([effect]), 200, 150)
        }
        add(
            "backdrop-blur", ".productImage(statue).contentMode(.aspectFit).backdrop(.blurredImage(sigma: 8))",
            statue.contentMode(.aspectFit).backdrop(.blurredImage(sigma: 8)), 320, 180)
        add("sizing-open-width", ".productImage(door), 0x150 pt", door, 0, 150)
        add(
            "sizing-no-enlarge-no-extend", ".productImage(statue).contentMode(.aspectFit), 400x400 pt, no enlarge, no extend",
            statue.contentMode(.aspectFit).sizing(Sizing(enlarge: false, extend: false)), 400, 400)
        entries += combinedEntries(parrots: parrots, statue: statue, door: door)
        entries += try textEntries(parrots: parrots, door: door)
        return entries
    }

    /// A circle avatar with border and badge, a product card, a blurred-fill letterbox.
    private static func combinedEntries(
        parrots: ImageDescriptor<Bitmap>, statue: ImageDescriptor<Bitmap>, door: ImageDescriptor<Bitmap>
    ) -> [CatalogEntry] {
        // The badge sits on the circle's edge, whole, as a status badge does in every app.
        var status = badge(offset: -4)
        status.clipsToShape = false
        let avatar = parrots.focus(.smart).shape(.circle).border(Border(width: 3, color: .white)).overlays([status])
        let ribbon = ImageOverlay(DemoImages.saleRibbon.erased, anchor: .topLeft, offset: Point(x: 8, y: 8))
        let card = door.focus(.point(x: 0.7, y: 0.5)).shape(.roundedRect(cornerRadius: 12)).overlays([ribbon])
        let letterbox = statue.contentMode(.aspectFit).backdrop(.blurredImage(sigma: 12))
        let combined: [(String, String, ImageDescriptor<Bitmap>, Size)] = [
            ("avatar", ".avatar(parrots): smart focus, circle, 3pt white border, unclipped badge", avatar, Size(width: 120, height: 120)),
            ("card", ".productCard(door): focal point 0.7,0.5, rounded 12, sale ribbon", card, Size(width: 180, height: 240)),
            ("letterbox", ".productImage(statue): aspect fit over its blurred self", letterbox, Size(width: 320, height: 180))
        ]
        return rowEntries(combined, prefix: "presentation-combined-")
    }

    /// One sheet row of presentation entries at @2x: (name, Swift source, descriptor, size in points).
    static func rowEntries(_ items: [(String, String, ImageDescriptor<Bitmap>, Size)], prefix: String) -> [CatalogEntry] {
        items.enumerated().map { index, item in
            CatalogEntry(
                identifier: "\(prefix)\(item.0)@2x", source: item.1, size: item.3, scale: 2,
                descriptor: item.2, sourceFormat: .png, startsSheetRow: index == 0, page: .presentation)
        }
    }

    /// The address-book icon in white on a blue circle, in the bottom-right corner.
    private static func badge(offset: Double) -> ImageOverlay {
        let icon = DemoImages.featureIcon(.addressBook).tint(.white).background(DemoImages.Palette.blue).shape(.circle)
        return ImageOverlay(
            icon.erased, anchor: .bottomRight, offset: Point(x: offset, y: offset), size: Size(width: 28, height: 28))
    }

    /// `effect-blur:4` → `effect-blur-4`, `focus-0.3,0.4` → `focus-0.3-0.4`:
    /// a file name safe on every system.
    private static func slug(_ text: String) -> String {
        let parts = text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
        return parts.joined(separator: "-")
    }

    private static func swiftName(_ value: some CustomStringConvertible) -> String {
        let text = "\(value)"
        if let focus = value as? Focus, case .point(let x, let y) = focus {
            return ".point(x: \(Size.format(x)), y: \(Size.format(y)))"
        }
        if let shape = value as? ImageShape, case .roundedRect(let radius) = shape {
            return ".roundedRect(cornerRadius: \(Size.format(radius)))"
        }
        if let effect = value as? ImageEffect {
            switch effect {
            case .blur(let sigma): return ".blur(sigma: \(Size.format(sigma)))"
            case .sharpen(let amount): return ".sharpen(amount: \(Size.format(amount)))"
            case .grayscale: return ".grayscale"
            }
        }
        return "." + text.split(separator: "-").enumerated().map { $0 == 0 ? String($1) : $1.capitalized }.joined()
    }
}
