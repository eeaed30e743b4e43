/// Why a local reference (a bundled image) has no pixels.
public enum ImageResourceError: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// No `name.svg`, `name.png`, `name@2x.png` or `name@3x.png` in the folder.
    case notFound(name: String, directory: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The file was read but is not a decodable image.
    case undecodable(path: String, ImageDecoders.Error)

    /// What is missing or wrong, with the path.
    public var description: String {
        switch self {
        case .notFound(let name, let directory):
            "no image named '\(name)' (\(name).svg, \(name).png, \(name)@2x.png or \(name)@3x.png) in \(directory)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .undecodable(let path, let error): "cannot load \(path): \(error)"
        }
    }
}
