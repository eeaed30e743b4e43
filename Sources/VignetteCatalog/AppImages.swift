import Foundation
import Vignette

// The pattern to copy into an app: every image the product shows is named
// once, here, with its presentation. Call sites then say only *which* image.

extension ImageBundle {
    /// The images bundled with `VignetteCatalog` (icons, logo, product photos).
    public static let catalog = ImageBundle(directory: Bundle.module.url(forResource: "Resources", withExtension: nil)
        ?? Bundle.module.bundleURL.appendingPathComponent("Resources"))
}

/// Brand colours used by the app-wide descriptors.
public enum Palette {
    /// Light grey placeholder background.
    public static let lightGray = Color(red: 0xEE, green: 0xEE, blue: 0xEE)
    /// Mid grey for placeholder glyphs.
    public static let gray = Color(red: 0x99, green: 0x99, blue: 0x99)
    /// Dark grey for feature icons.
    public static let darkGray = Color(red: 0x44, green: 0x44, blue: 0x44)
    /// Failure red.
    public static let red = Color(red: 0xD0, green: 0x21, blue: 0x1B)
    /// Light red failure background.
    public static let lightRed = Color(red: 0xFD, green: 0xE8, blue: 0xE7)
    /// Accent blue.
    public static let blue = Color(red: 0x1F, green: 0x6F, blue: 0xEB)
}

/// The feature icons the app knows.
public enum Feature: String, Sendable, CaseIterable {
    /// The address book feature.
    case addressBook

    var resourceName: String {
        switch self {
        case .addressBook: "address-book"
        }
    }
}

extension ImageDescriptor where Reference == Bitmap {
    /// Loading placeholder: a grey spinner, unscaled and centred on light grey.
    public static var loading: Self {
        ImageDescriptor(Glyph.spinner(points: 24, scale: 3), contentMode: .center, tint: Palette.gray,
                        background: Palette.lightGray, accessibilityIdentifier: "loadingImage")
    }

    /// Failure placeholder: a red cross, unscaled and centred on light red.
    public static var failure: Self {
        ImageDescriptor(Glyph.failure(points: 24, scale: 3), contentMode: .center, tint: Palette.red,
                        background: Palette.lightRed, accessibilityIdentifier: "failureImage")
    }
}

extension ImageDescriptor where Reference == NamedImage {
    /// The product logo, fitted to its surface on a transparent background.
    public static var logo: Self {
        ImageDescriptor(NamedImage("logo", in: .catalog), contentMode: .aspectFit, accessibilityIdentifier: "logo")
    }

    /// A feature icon: unscaled, dark grey template on light grey.
    public static func featureIcon(_ feature: Feature) -> Self {
        ImageDescriptor(NamedImage(feature.resourceName, in: .catalog), contentMode: .center,
                        tint: Palette.darkGray, background: Palette.lightGray,
                        accessibilityIdentifier: "feature-\(feature.rawValue)")
    }
}

extension ImageDescriptor where Reference == URL {
    /// A product photo from anywhere: fills its surface, cropping the excess.
    public static func productImage(_ url: URL) -> Self {
        ImageDescriptor(url, contentMode: .aspectFill, background: Palette.lightGray,
                        accessibilityIdentifier: "productImage")
    }
}
