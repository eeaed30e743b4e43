/// Something a decoder repaired or passed over to give an image, as a
/// browser would show it: the image decoded, but not exactly as encoded.
/// `ImageDecoders.decodeReporting(_:options:)` returns them with the bitmap;
/// `DecodingOptions.rejectsDamagedData` turns them into errors instead
/// (`ImageDecoders.Error.Reason.damagedData`).
///
/// ```swift
/// let (bitmap, warnings) = try ImageDecoders.standard.decodeReporting(data)
/// for warning in warnings { print("warning: \(warning)") }
/// ```
public struct DecodingWarning: Sendable, Hashable, CustomStringConvertible {
    /// The format of the decoded bytes.
    public var format: ImageFormat
    /// What was repaired.
    public var kind: Kind
    /// The decoding library's own words for the first occurrence, e.g.
    /// libjpeg's "Corrupt JPEG data: bad Huffman code".
    public var detail: String
    /// How many times the library met it (at least 1).
    public var occurrences: Int

    /// A warning.
    public init(format: ImageFormat, kind: Kind, detail: String, occurrences: Int = 1) {
        self.format = format
        self.kind = kind
        self.detail = detail
        self.occurrences = max(1, occurrences)
    }

    /// The kinds of repair.
    public enum Kind: String, Sendable, Hashable {
        /// Damaged compressed data inside a complete file was concealed (a
        /// JPEG's bad entropy codes: the blocks after them are guessed, as
        /// libjpeg and browsers do).
        case damagedData
    }

    /// One line, e.g. `damaged JPEG data concealed: Corrupt JPEG data: bad Huffman code (3 times)`.
    public var description: String {
        let what =
            switch kind {
            case .damagedData: "damaged \(format.rawValue.uppercased()) data concealed"
            }
        return "\(what): \(detail)" + (occurrences > 1 ? " (\(occurrences) times)" : "")
    }
}
