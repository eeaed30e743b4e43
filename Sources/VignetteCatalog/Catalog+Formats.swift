import Foundation
import Vignette

extension CatalogEntry {
    /// How the catalog writes an entry's file: a format and the options of
    /// `Bitmap.encoded(as:options:)`.
    package struct Output: Sendable, Hashable, CustomStringConvertible {
        /// `.png`, `.jpeg` or `.webp`.
        package var format: ImageFormat
        /// Quality (JPEG, lossy WebP) or lossless mode (WebP).
        package var options: EncodingOptions

        /// An output setting.
        package init(_ format: ImageFormat, options: EncodingOptions = EncodingOptions()) {
            self.format = format
            self.options = options
        }

        /// A PNG file, as every entry but the output-format row writes.
        package static let png = Output(.png)

        /// `PNG`, `JPEG q80`, `WebP lossless`.
        package var description: String {
            let name = CatalogEntry.displayName(of: format)
            if options.lossless { return "\(name) lossless" }
            return format == .png ? name : "\(name) q\(options.quality)"
        }

        /// The rendered bitmap in this output's format.
        func encode(_ bitmap: Bitmap) throws(EncodingOptions.Error) -> Data {
            try bitmap.encoded(as: format, options: options)
        }
    }

    /// `PNG`, `JPEG`, `WebP`, `AVIF`, `GIF`.
    static func displayName(of format: ImageFormat) -> String {
        switch format {
        case .jpeg: "JPEG"
        case .webp: "WebP"
        default: format.rawValue.uppercased()
        }
    }

    /// The file the catalog writes: the identifier and the output format's extension.
    package var fileName: String { identifier + "." + output.format.fileExtension }
}

extension Catalog {
    /// Products whose source file is a JPEG or a WebP (decoded by sniffing,
    /// like any image the pipeline loads), and the output-format row: one
    /// descriptor rendered once and written as PNG, JPEG and WebP (q80 and
    /// q30) and lossless WebP, one row of the contact sheet.
    static func formatEntries() throws -> [CatalogEntry] {
        let size = Size(width: 200, height: 150)
        var entries: [CatalogEntry] = []
        for (name, format) in [("parrots", ImageFormat.jpeg), ("shutters", .webp)] {
            let descriptor = try product(name, format: format)
            entries.append(
                CatalogEntry(
                    identifier: "productImage-\(name)-\(format)@2x",
                    source: ".productImage(\(name).\(format.fileExtension))",
                    size: size, scale: 2, descriptor: descriptor, sourceFormat: format))
        }
        let statue = try product("statue", format: .png)
        let outputs = [
            CatalogEntry.Output.png, .init(.jpeg), .init(.jpeg, options: .init(quality: 30)), .init(.webp),
            .init(.webp, options: .init(quality: 30)), .init(.webp, options: .init(lossless: true))
        ]
        for output in outputs {
            let variant = output.description.lowercased().replacingOccurrences(of: " ", with: "-")
            entries.append(
                CatalogEntry(
                    identifier: "output-statue-\(variant)@2x",
                    source: ".productImage(statue) written as \(output)",
                    size: size, scale: 2, descriptor: statue, sourceFormat: .png, output: output,
                    startsSheetRow: output == .png))
        }
        return entries
    }

    /// `DemoImages.productImage(url)` for a bundled photo, resolved locally
    /// (decoder sniffed from the bytes): the remote pipeline does the same
    /// mapping for http(s) URLs.
    static func product(_ name: String, format: ImageFormat) throws -> ImageDescriptor<Bitmap> {
        try DemoImages.productImage(productURL(name, format: format)).map { (url: URL) throws -> Bitmap in
            try Bitmap(decoding: Data(contentsOf: url))
        }
    }
}
