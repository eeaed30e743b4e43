import Foundation

/// An encoder for one image format: what `ImageFormat.encoder(options:)`
/// gives `Bitmap.encoded(as:options:)`.
package protocol ImageEncoding: Sendable {
    /// The format this encoder writes.
    var format: ImageFormat { get }
    /// Encodes a bitmap; the same bitmap always gives the same bytes.
    func encode(_ bitmap: Bitmap) throws(EncodingOptions.Error) -> Data
}
