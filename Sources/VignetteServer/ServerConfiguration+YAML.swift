import Foundation
import Vignette
import Yams

extension ServerConfiguration {
    /// Reads a YAML (or JSON) file; relative `fonts`, and `failure` and
    /// overlay `file` paths of presets, are made relative to the file's folder.
    public init(contentsOfFile path: String) throws(Error) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .unreadable(path: path, reason: FileErrors.reason(error, path: path))
        }
        try self.init(yaml: text)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        fonts = fonts.map { $0.hasPrefix("/") ? $0 : folder.appendingPathComponent($0).path }
        for (name, preset) in presets {
            if let failure = preset.failure, !failure.hasPrefix("/") {
                presets[name]?.failure = folder.appendingPathComponent(failure).path
            }
            for (index, overlay) in preset.overlays.enumerated() where !overlay.file.isEmpty && !overlay.file.hasPrefix("/") {
                presets[name]?.overlays[index].file = folder.appendingPathComponent(overlay.file).path
            }
        }
    }

    /// Parses YAML (or JSON) text; unknown keys are errors, so a typo
    /// never silently leaves a default in force.
    public init(yaml text: String) throws(Error) {
        self.init()
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw .syntax("\(error)")
        }
        guard let root else { return }  // an empty file: every default
        var reader = try ConfigReader(root, path: "")
        if let value = try reader.string("host") { host = value }
        if let value = try reader.int("port", in: 0...65535) { port = value }
        signingKey = try reader.string("signingKey")
        if signingKey?.isEmpty == true { throw .invalidValue(key: "signingKey", reason: "must not be empty when set") }
        allowHosts =
            try reader.strings("allowHosts")?.enumerated().map { index, text throws(Error) in
                guard let pattern = HostPattern(text) else {
                    throw .invalidValue(key: "allowHosts[\(index)]", reason: "'\(text)' is not host or host:port")
                }
                return pattern
            } ?? []
        if let value = try reader.bool("allowPrivateNetworks") { allowPrivateNetworks = value }
        if let value = try reader.int("maxConcurrentRequests", in: 1...100_000) { maxConcurrentRequests = value }
        if let value = try reader.int("maxQueue", in: 0...1_000_000) { maxQueue = value }
        if let value = try reader.int("maxConcurrentRenders", in: 1...1024) { maxConcurrentRenders = value }
        maxConnections = try reader.int("maxConnections", in: 1...1_000_000)
        cacheDir = try reader.string("cacheDir")
        if let value = try reader.int("cacheBytes", in: 1 << 20...Int.max) { cacheBytes = value }
        if let value = try reader.int("memoryCacheBytes", in: 0...Int.max) { memoryCacheBytes = value }
        if let value = try reader.bool("reducedCopies") { reducedCopies = value }
        if let value = try reader.string("jpegHuffman") {
            guard let tables = Self.huffmanChoices[value] else {
                throw .invalidValue(key: "jpegHuffman", reason: "'\(value)' is not auto, optimized or standard")
            }
            jpegHuffman = tables
        }
        if let value = try reader.int("sourceRetries", in: 0...5) { sourceRetries = value }
        try readLimits(&reader)
        try readOrigins(&reader)
        try readFonts(&reader)
        if let node = reader.take("presets"), node.null == nil {
            var presetsReader = try ConfigReader(node, path: "presets")
            for (name, definition) in presetsReader.remaining() {
                presets[name] = try PresetDefinition(node: definition, path: "presets.\(name)")
            }
        }
        try reader.finish(known: Self.keys)
    }

    /// The top-level keys, in the order the README lists them.
    static let keys = [
        "host", "port", "signingKey", "allowHosts", "allowPrivateNetworks", "maxConcurrentRequests",
        "maxQueue", "maxConcurrentRenders", "maxConnections", "cacheDir", "cacheBytes", "memoryCacheBytes", "reducedCopies",
        "jpegHuffman", "sourceRetries", "maxSourceBytes",
        "maxSourcePixels",
        "maxOutputPixels", "maxWidth", "maxHeight", "maxScale", "sourceTimeout", "maxFrames", "maxAnimationPixels", "origins", "fonts",
        "presets"
    ]

    /// `jpegHuffman`'s values.
    static let huffmanChoices: [String: EncodingOptions.HuffmanTables] = [
        "auto": ServerConfiguration().jpegHuffman, "optimized": .optimized, "standard": .standard
    ]

    private mutating func readLimits(_ reader: inout ConfigReader) throws(Error) {
        if let value = try reader.int("maxSourceBytes", in: 1...Int.max) { limits.maxSourceBytes = value }
        if let value = try reader.int("maxSourcePixels", in: 1...Int.max) { limits.maxSourcePixels = value }
        if let value = try reader.int("maxOutputPixels", in: 1...ImageSurface.maxPixelCount) { limits.maxOutputPixels = value }
        if let value = try reader.int("maxWidth", in: 1...32768) { limits.maxWidth = value }
        if let value = try reader.int("maxHeight", in: 1...32768) { limits.maxHeight = value }
        if let value = try reader.double("maxScale", in: 1...8) { limits.maxScale = value }
        if let value = try reader.double("sourceTimeout", in: 0.001...600) { limits.sourceTimeout = .milliseconds(Int(value * 1000)) }
        if let value = try reader.int("maxFrames", in: 1...100_000) { limits.maxFrames = value }
        if let value = try reader.int("maxAnimationPixels", in: 1...Int.max) { limits.maxAnimationPixels = value }
    }
}

extension PresetDefinition {
    init(node: Node, path: String) throws(ServerConfiguration.Error) {
        self.init()
        var reader = try ConfigReader(node, path: path)
        if let mode = try reader.string("contentMode") {
            do { contentMode = try PresentationSyntax.contentMode(mode) } catch {
                throw .invalidValue(key: "\(path).contentMode", reason: "'\(mode)' is not \(error.expected)")
            }
        }
        tint = try reader.color("tint")
        failure = try reader.string("failure")
        if let value = try reader.int("maxAge", in: 0...31_536_000) { maxAge = value }
        try readFormats(&reader, path: path)
        try readPresentation(&reader, path: path)
        try reader.finish(known: Self.keys)
    }
}

/// Takes keys out of one YAML mapping, typed, naming the full key path in
/// every error; `finish()` rejects whatever was not taken.
struct ConfigReader {
    private var entries: [(key: String, value: Node)]
    private let path: String

    init(_ node: Node, path: String) throws(ServerConfiguration.Error) {
        guard let mapping = node.mapping else { throw .wrongType(key: path.isEmpty ? "(top level)" : path, expected: "a mapping") }
        entries = mapping.map { (key: $0.key.string ?? "", value: $0.value) }
        self.path = path
    }

    private func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    mutating func take(_ key: String) -> Node? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        return entries.remove(at: index).value
    }

    /// Every entry not taken yet, taking them.
    mutating func remaining() -> [(String, Node)] {
        defer { entries = [] }
        return entries.map { ($0.key, $0.value) }
    }

    func finish(known: [String]) throws(ServerConfiguration.Error) {
        if let first = entries.first { throw .unknownKey(name(first.key), known: known) }
    }

    mutating func string(_ key: String) throws(ServerConfiguration.Error) -> String? {
        guard let node = take(key), node.null == nil else { return nil }
        guard let value = node.scalar?.string else { throw .wrongType(key: name(key), expected: "a string") }
        return value
    }

    mutating func int(_ key: String, in range: ClosedRange<Int>) throws(ServerConfiguration.Error) -> Int? {
        guard let node = take(key) else { return nil }
        guard let value = node.int else { throw .wrongType(key: name(key), expected: "an integer") }
        guard range.contains(value) else {
            throw .invalidValue(key: name(key), reason: "\(value) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    mutating func double(_ key: String, in range: ClosedRange<Double>) throws(ServerConfiguration.Error) -> Double? {
        guard let node = take(key) else { return nil }
        guard let value = node.float else { throw .wrongType(key: name(key), expected: "a number") }
        guard range.contains(value) else {
            throw .invalidValue(key: name(key), reason: "\(value) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    mutating func bool(_ key: String) throws(ServerConfiguration.Error) -> Bool? {
        guard let node = take(key) else { return nil }
        guard let value = node.bool else { throw .wrongType(key: name(key), expected: "true or false") }
        return value
    }

    mutating func strings(_ key: String) throws(ServerConfiguration.Error) -> [String]? {
        guard let node = take(key) else { return nil }
        guard let items = node.sequence else { throw .wrongType(key: name(key), expected: "a list of strings") }
        return try items.enumerated().map { index, item throws(ServerConfiguration.Error) in
            guard let text = item.scalar?.string else { throw .wrongType(key: "\(name(key))[\(index)]", expected: "a string") }
            return text
        }
    }

    mutating func color(_ key: String) throws(ServerConfiguration.Error) -> Color? {
        guard let text = try string(key) else { return nil }
        do {
            return try Color(hex: text)
        } catch {
            throw .invalidValue(key: name(key), reason: "'\(text)' is not a colour (#RGB, #RRGGBB or #RRGGBBAA)")
        }
    }
}
