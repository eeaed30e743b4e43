import Foundation

/// An image bundled with the program, looked up by name in an `ImageBundle`.
///
/// `NamedImage("logo", in: bundle)` finds `logo.png`, `logo@2x.png` or
/// `logo@3x.png`; the file-name suffix sets the bitmap's scale, and the
/// variant closest to the surface's scale (preferring sharper) wins.
public struct NamedImage: LocalImageReference, Hashable, CustomStringConvertible {
    /// The file name without scale suffix or extension.
    public var name: String
    /// Where to look.
    public var bundle: ImageBundle

    /// Names an image in a bundle.
    public init(_ name: String, in bundle: ImageBundle) {
        self.name = name
        self.bundle = bundle
    }

    /// Loads the best variant for `scale` (then from the bundle's cache).
    public func bitmap(forScale scale: Double) throws(ImageResourceError) -> Bitmap {
        try bundle.bitmap(named: name, forScale: scale)
    }

    /// A vector (`name.svg`) drawn with `tint` as its `currentColor`; a
    /// bitmap as it is, for the renderer to tint as a template.
    public func bitmap(forScale scale: Double, tint: Color) throws(ImageResourceError) -> (bitmap: Bitmap, tinted: Bool) {
        try bundle.bitmap(named: name, forScale: scale, currentColor: tint)
    }

    /// `NamedImage(logo)`.
    public var description: String { "NamedImage(\(name))" }
}
