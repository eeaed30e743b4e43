import Vignette

extension PresetDefinition {
    /// `formats: [avif, webp, jpeg]`: the formats `Accept` may pick, in
    /// order. Each must be one Vignette encodes (`jpg` is `jpeg`), listed
    /// once; an empty list answers every request with JPEG or PNG.
    mutating func readFormats(_ reader: inout ConfigReader, path: String) throws(ServerConfiguration.Error) {
        guard let names = try reader.strings("formats") else { return }
        let key = "\(path).formats"
        var chosen: [ImageFormat] = []
        for (index, name) in names.enumerated() {
            let known = ImageFormat.encodable.map(\.rawValue).joined(separator: ", ")
            guard let format = try? PresentationSyntax.format(name) else {
                throw .invalidValue(key: "\(key)[\(index)]", reason: "'\(name)' is not one of \(known)")
            }
            guard !chosen.contains(format) else { throw .invalidValue(key: "\(key)[\(index)]", reason: "\(name) is listed twice") }
            chosen.append(format)
        }
        formats = chosen
    }
}
