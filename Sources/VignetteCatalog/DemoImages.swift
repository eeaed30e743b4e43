import Foundation
import Vignette

/// The demo app's images, the ones `vignette catalog` renders: every image
/// the demo product shows, named once with its presentation.
///
/// They live in this namespace, not as static members of `ImageDescriptor`,
/// because those names — `.loading`, `.failure`, `.productImage(url)` — are
/// the ones an app defines for itself; a library that defined them too would
/// make an app's unqualified `.loading` ambiguous. In an app, write the same
/// members in constrained extensions (see the README):
///
/// ```swift
/// extension ImageDescriptor where Reference == URL {
///     static func productImage(_ url: URL) -> Self { DemoImages.productImage(url) }
/// }
/// surface.apply(.productImage(url))
/// ```
public enum DemoImages {
    /// The images bundled with `VignetteCatalog`: the icons as SVG
    /// (`spinner`, `failure`, `address-book`), the logo and product photos.
    public static let bundle = ImageBundle(directory: resources)

    /// The catalog's resource folder (images, and the Arabic font of its right-to-left card).
    package static let resources =
        Bundle.module.url(forResource: "Resources", withExtension: nil) ?? Bundle.module.bundleURL.appendingPathComponent("Resources")

    /// Loading placeholder: a grey spinner (`spinner.svg`, 24 pt), unscaled
    /// and centred on light grey.
    public static var loading: ImageDescriptor<NamedImage> {
        ImageDescriptor(
            NamedImage("spinner", in: bundle), contentMode: .center, tint: Palette.gray,
            background: Palette.lightGray, accessibilityIdentifier: "loadingImage")
    }

    /// Failure placeholder: a red cross in a ring (`failure.svg`, 24 pt),
    /// unscaled and centred on light red.
    public static var failure: ImageDescriptor<NamedImage> {
        ImageDescriptor(
            NamedImage("failure", in: bundle), contentMode: .center, tint: Palette.red,
            background: Palette.lightRed, accessibilityIdentifier: "failureImage")
    }

    /// The product logo, fitted to its surface on a transparent background.
    public static var logo: ImageDescriptor<NamedImage> {
        ImageDescriptor(NamedImage("logo", in: bundle), contentMode: .aspectFit, accessibilityIdentifier: "logo")
    }

    /// A feature icon: unscaled, on light grey. The icons are SVG files drawn
    /// at the surface's scale; the tint (dark grey) is their `currentColor`,
    /// so the parts drawn in it take the tint and their fixed colours stay.
    public static func featureIcon(_ feature: Feature) -> ImageDescriptor<NamedImage> {
        ImageDescriptor(
            NamedImage(feature.resourceName, in: bundle), contentMode: .center,
            tint: Palette.darkGray, background: Palette.lightGray,
            accessibilityIdentifier: "feature-\(feature.rawValue)")
    }

    /// A product photo from anywhere: fills its surface, cropping the excess.
    public static func productImage(_ url: URL) -> ImageDescriptor<URL> {
        ImageDescriptor(
            url, contentMode: .aspectFill, background: Palette.lightGray,
            accessibilityIdentifier: "productImage")
    }

    /// A sale ribbon drawn in code: `SALE` in the bundled Noto Sans Bold, white on red, at @3x.
    package static var saleRibbon: ImageDescriptor<Bitmap> {
        let label = TextImage("SALE", style: TextStyle(size: 11, weight: .bold, color: .white))
        let text = (try? label.bitmap(forScale: 3)) ?? Bitmap(width: 1, height: 1, scale: 3)
        var ribbon = Bitmap(width: text.width + 24, height: text.height + 6, scale: 3, fill: Palette.red)
        ribbon.draw(text, x: 12, y: 3)
        return ImageDescriptor(ribbon, contentMode: .scaleToFill, accessibilityIdentifier: "saleRibbon")
    }

    /// Brand colours of the demo descriptors.
    package enum Palette {
        /// Light grey placeholder background.
        package static let lightGray = Color(red: 0xEE, green: 0xEE, blue: 0xEE)
        /// Mid grey for placeholder glyphs.
        package static let gray = Color(red: 0x99, green: 0x99, blue: 0x99)
        /// Dark grey for feature icons.
        package static let darkGray = Color(red: 0x44, green: 0x44, blue: 0x44)
        /// Failure red.
        package static let red = Color(red: 0xD0, green: 0x21, blue: 0x1B)
        /// Light red failure background.
        package static let lightRed = Color(red: 0xFD, green: 0xE8, blue: 0xE7)
        /// Accent blue.
        package static let blue = Color(red: 0x1F, green: 0x6F, blue: 0xEB)
    }

    /// The feature icons the demo app knows.
    public enum Feature: String, Sendable, CaseIterable {
        /// The address book feature.
        case addressBook

        var resourceName: String {
            switch self {
            case .addressBook: "address-book"
            }
        }
    }
}
