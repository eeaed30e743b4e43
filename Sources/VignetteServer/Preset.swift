import Foundation
import Vignette

/// A named rendering: your app-wide `ImageDescriptor<URL>` factory, the
/// failure placeholder shown when the source cannot be had, and how long
/// caches may keep a successful render.
///
/// ```swift
/// extension ImageDescriptor where Reference == URL {
///     static func productImage(_ url: URL) -> Self {
///         ImageDescriptor(url, contentMode: .aspectFill, background: .placeholderGray)
///     }
/// }
/// var presets = Presets()
/// presets.register("productImage", maxAge: 86400) { .productImage($0) }
/// ```
public struct Preset: Sendable {
    /// The name in `/render/{name}`.
    public let name: String
    /// Makes the descriptor for a source URL.
    public let descriptor: @Sendable (URL) -> ImageDescriptor<URL>
    /// Shown at the requested size when the source fails.
    public let failure: ImageDescriptor<AnyLocalImage>
    /// `Cache-Control: public, max-age` of successful renders, in seconds.
    public let maxAge: Int

    /// A preset.
    public init<Failure: LocalImageReference>(
        name: String, maxAge: Int = 3600, failure: ImageDescriptor<Failure>,
        descriptor: @escaping @Sendable (URL) -> ImageDescriptor<URL>
    ) {
        self.name = name
        self.maxAge = max(0, maxAge)
        self.failure = failure.erased
        self.descriptor = descriptor
    }

    /// The failure placeholder used when a preset names none: light red.
    public static var defaultFailure: ImageDescriptor<AnyLocalImage> { ImageSurface.Placeholders.plain.failure }
}

/// The presets a server renders, by name.
///
/// ```swift
/// var presets = Presets()
/// presets.register("icon", failure: .failureIcon) { ImageDescriptor($0, contentMode: .center, tint: .black) }
/// ```
public struct Presets: Sendable {
    private var byName: [String: Preset] = [:]

    /// No presets.
    public init() {}

    /// Registers (or replaces) a preset.
    public mutating func register(_ preset: Preset) { byName[preset.name] = preset }

    /// Registers a descriptor factory under `name`, with a failure
    /// placeholder (default: light red) and a cache lifetime in seconds.
    public mutating func register<Failure: LocalImageReference>(
        _ name: String, maxAge: Int = 3600, failure: ImageDescriptor<Failure>,
        descriptor: @escaping @Sendable (URL) -> ImageDescriptor<URL>
    ) {
        register(Preset(name: name, maxAge: maxAge, failure: failure, descriptor: descriptor))
    }

    /// Registers a descriptor factory with the default failure placeholder.
    public mutating func register(
        _ name: String, maxAge: Int = 3600,
        descriptor: @escaping @Sendable (URL) -> ImageDescriptor<URL>
    ) {
        register(name, maxAge: maxAge, failure: Preset.defaultFailure, descriptor: descriptor)
    }

    /// The preset called `name`.
    public subscript(name: String) -> Preset? { byName[name] }

    /// Every name, sorted.
    public var names: [String] { byName.keys.sorted() }

    /// The presets a configuration file defines; failure images are read
    /// and decoded now, so a missing file stops the server at start.
    public init(definitions: [String: PresetDefinition]) throws(ServerConfiguration.Error) {
        for (name, definition) in definitions {
            let failure = try definition.failureDescriptor(preset: name)
            register(name, maxAge: definition.maxAge, failure: failure) { [definition] url in
                ImageDescriptor(
                    url, contentMode: definition.contentMode, tint: definition.tint,
                    background: definition.background, accessibilityIdentifier: name)
            }
        }
    }
}

extension PresetDefinition {
    /// The failure placeholder: the image file centred on the preset's
    /// background, or the default light red.
    func failureDescriptor(preset: String) throws(ServerConfiguration.Error) -> ImageDescriptor<AnyLocalImage> {
        guard let path = failure else { return Preset.defaultFailure }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let bitmap = try Bitmap(decoding: data, options: DecodingOptions(scale: ImageScale.fromFileName(path)))
            return ImageDescriptor(
                bitmap, contentMode: .center, background: background ?? .placeholderRed,
                accessibilityIdentifier: "failureImage"
            ).erased
        } catch {
            throw .invalidValue(key: "presets.\(preset).failure", reason: "\(path): " + FileErrors.reason(error, path: path))
        }
    }
}
