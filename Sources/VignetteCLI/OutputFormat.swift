import ArgumentParser
import Vignette

/// The format `vignette render` writes: from `--format`, else the extension
/// of `-o`, else PNG.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    case png
    case jpeg
    case webp

    /// The extension of files written in this format.
    var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .webp: "webp"
        }
    }

    /// The format an output path's extension names (`.jpg`/`.jpeg`, `.webp`,
    /// `.png`, any letter case), nil for any other.
    init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        default: return nil
        }
    }

    /// The encoder with the command's settings: `quality` for JPEG and
    /// lossy WebP, `lossless` for WebP.
    func encoder(quality: Int, lossless: Bool) -> any ImageEncoding {
        switch self {
        case .png: PNGCodec()
        case .jpeg: JPEGCodec(options: JPEGCodec.EncodingOptions(quality: quality))
        case .webp: WebPCodec(options: WebPCodec.EncodingOptions(quality: quality, lossless: lossless))
        }
    }
}
