/// Failures of the command line itself (not of one image).
enum CLIError: Error, CustomStringConvertible {
    /// An input URL with a scheme the CLI cannot read yet.
    case unsupportedScheme(String)
    /// The output folder could not be created.
    case cannotCreateFolder(path: String, reason: String)

    var description: String {
        switch self {
        case .unsupportedScheme(let scheme):
            "\(scheme): URLs are not supported yet; give a PNG file path or a file: URL"
        case .cannotCreateFolder(let path, let reason):
            "cannot create the output folder \(path): \(reason)"
        }
    }
}
