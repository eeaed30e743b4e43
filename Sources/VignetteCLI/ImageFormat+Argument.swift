import ArgumentParser
import Vignette

// `--format` takes the formats Vignette writes, by name (png, jpeg or jpg, webp, avif, gif), in the
// syntax presets and render URLs use.
extension ImageFormat: ExpressibleByArgument {
    /// The encodable format of that name.
    public init?(argument: String) {
        guard let format = try? PresentationSyntax.format(argument) else { return nil }
        self = format
    }

    /// `png`, `jpeg`, `webp`, `avif`, `gif`: what `--help` lists.
    public static var allValueStrings: [String] { encodable.map(\.rawValue) }
}

extension ImageFormat {
    /// The format `vignette render` writes for an output path: the one its
    /// extension names (`.png`, `.jpg`/`.jpeg`, `.webp`, `.avif`, any letter case),
    /// nil for any other or none.
    init?(outputPath path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        guard let format = ImageFormat(fileExtension: String(path[path.index(after: dot)...])),
            Self.encodable.contains(format)
        else { return nil }
        self = format
    }
}
