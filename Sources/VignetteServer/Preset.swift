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
    /// Shown at the requested size when the source fails; nil: the failure
    /// placeholder in force when the render runs,
    /// `ImageEnvironment.current.placeholders.failure` (light red unless the
    /// app sets its own at start-up).
    public let failure: ImageDescriptor<AnyLocalImage>?
    /// `Cache-Control: public, max-age` of successful renders, in seconds.
    public let maxAge: Int
    /// Whether a request may change the sizing (`rt`, `el`, `ex`). Off by
    /// default: a stranger's URL can then only pick the size and the focal point.
    public let allowSizing: Bool
    /// The formats `Accept` may pick, in the preset's order of preference
    /// (default `[.webp, .jpeg]`); see `ImageFormat.negotiate(accept:isOpaque:candidates:)`.
    /// A request's `format=` may name one of them, or JPEG or PNG (the
    /// fallbacks, always allowed so that existing URLs keep working).
    public let formats: [ImageFormat]
    /// Whether an animated source stays animated (every frame through the
    /// descriptor) in the first of `formats` that animates and the client
    /// accepts (`ImageFormat.negotiateAnimated`). Off by default: the
    /// first frame, as any still.
    public let animation: Bool
    /// The overlays that draw a request's text, when the preset has any
    /// (a configuration preset with `text: {param: …}`).
    package let requestTexts: RequestTexts?

    /// A preset. The descriptor carries the whole presentation — focus,
    /// shape, border, overlays (local references), effects, backdrop and
    /// sizing — as app code writes it. `formats` not in
    /// `ImageFormat.encodable`, and repeats, are dropped.
    package init<Failure: LocalImageReference>(
        name: String, maxAge: Int = 3600, allowSizing: Bool = false, formats: [ImageFormat] = Preset.defaultFormats,
        animation: Bool = false, failure: ImageDescriptor<Failure>,
        descriptor: @escaping @Sendable (URL) -> ImageDescriptor<URL>
    ) {
        self.init(
            name: name, maxAge: maxAge, allowSizing: allowSizing, formats: formats, animation: animation,
            failure: failure.erased as ImageDescriptor<AnyLocalImage>?, descriptor: descriptor)
    }

    /// A preset whose failure placeholder is `failure`, or the process's when nil.
    package init(
        name: String, maxAge: Int = 3600, allowSizing: Bool = false, formats: [ImageFormat] = Preset.defaultFormats,
        animation: Bool = false, failure: ImageDescriptor<AnyLocalImage>?, requestTexts: RequestTexts? = nil,
        descriptor: @escaping @Sendable (URL) -> ImageDescriptor<URL>
    ) {
        self.name = name
        self.requestTexts = requestTexts
        self.animation = animation
        self.maxAge = max(0, maxAge)
        self.allowSizing = allowSizing
        self.formats = formats.enumerated().filter { index, format in
            ImageFormat.encodable.contains(format) && !formats[..<index].contains(format)
        }.map(\.element)
        self.failure = failure
        self.descriptor = descriptor
    }

    /// `[.webp, .jpeg]`: AVIF only where a preset chooses it, as it is slow to encode.
    @usableFromInline package static let defaultFormats: [ImageFormat] = [.webp, .jpeg]

    /// The placeholders a render of this preset uses: those in force
    /// (`ImageEnvironment.current`), with the preset's failure placeholder
    /// when it has one.
    package var placeholders: ImageSurface.Placeholders {
        failure.map { ImageSurface.Placeholders.current.failure($0) } ?? .current
    }

    /// What a request's `format=` may name: `formats`, then JPEG and PNG.
    package var requestableFormats: [ImageFormat] { formats + [.jpeg, .png].filter { !formats.contains($0) } }
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
    package mutating func register(_ preset: Preset) { byName[preset.name] = preset }

    /// Registers a descriptor factory under `name`, with a failure
    /// placeholder (default: light red), a cache lifetime in seconds,
    /// whether requests may change the sizing, the formats `Accept` may pick
    /// and whether animated sources stay animated.
    public mutating func register<Failure: LocalImageReference>(
        _ name: String, maxAge: Int = 3600, allowSizing: Bool = false, formats: [ImageFormat] = Preset.defaultFormats,
        animation: Bool = false, failure: ImageDescriptor<Failure>,
        descriptor: @escaping @Sendable (URL) -> ImageDescriptor<URL>
    ) {
        register(
            Preset(
                name: name, maxAge: maxAge, allowSizing: allowSizing, formats: formats, animation: animation,
                failure: failure, descriptor: descriptor))
    }

    /// Registers a descriptor factory whose failure placeholder is the one
    /// in force when a render fails: `ImageEnvironment.process.placeholders.failure`
    /// (light red unless the app sets its own), so app-wide placeholders set
    /// once at start-up reach the server too.
    public mutating func register(
        _ name: String, maxAge: Int = 3600, allowSizing: Bool = false, formats: [ImageFormat] = Preset.defaultFormats,
        animation: Bool = false, descriptor: @escaping @Sendable (URL) -> ImageDescriptor<URL>
    ) {
        register(
            Preset(
                name: name, maxAge: maxAge, allowSizing: allowSizing, formats: formats, animation: animation,
                failure: nil, descriptor: descriptor))
    }

    /// The preset called `name`.
    public subscript(name: String) -> Preset? { byName[name] }

    /// Every name, sorted.
    public var names: [String] { byName.keys.sorted() }

    /// The presets a configuration file defines; failure and overlay images
    /// are read and decoded now, so a missing or broken file stops the
    /// server at start, naming the file. Text overlays draw with the bundled Noto Sans.
    public init(definitions: [String: PresetDefinition]) throws(ServerConfiguration.Error) {
        try self.init(definitions: definitions, fonts: nil)
    }

    /// The presets of `definitions`, their text drawn with `fonts` (nil: the bundled Noto Sans).
    package init(definitions: [String: PresetDefinition], fonts: FontCollection?) throws(ServerConfiguration.Error) {
        for (name, definition) in definitions {
            let failure = try definition.failureDescriptor(preset: name)
            let items = try definition.presetOverlays(preset: name, fonts: fonts)
            let fixed = items.compactMap { item -> ImageOverlay? in if case .fixed(let overlay) = item { overlay } else { nil } }
            // A request's text stands in as a one-pixel image where it is drawn, for the check.
            let stand = items.map { item -> ImageOverlay in
                switch item {
                case .fixed(let overlay): overlay
                case .parameter(let overlay, _, _): overlay.placed(ImageDescriptor(Bitmap(width: 1, height: 1)).erased)
                }
            }
            let template = definition.descriptor(ImageDescriptor(Bitmap(width: 1, height: 1)), overlays: stand, preset: name)
            do throws(ImageRenderer.Error) { try ImageRenderer.validatePresentation(template) } catch {
                throw .invalidValue(key: "presets.\(name)", reason: "\(error)")
            }
            let texts = fixed.count < items.count ? RequestTexts(items: items, fonts: fonts ?? .standard) : nil
            register(
                Preset(
                    name: name, maxAge: definition.maxAge, allowSizing: definition.allowSizing, formats: definition.formats,
                    animation: definition.animation, failure: failure, requestTexts: texts
                ) { [definition] url in
                    definition.descriptor(ImageDescriptor(url), overlays: fixed, preset: name)
                })
        }
    }
}

extension PresetDefinition {
    /// `plain` with this definition's presentation and the decoded overlays;
    /// the preset's name is the accessibility identifier.
    func descriptor<Reference>(
        _ plain: ImageDescriptor<Reference>, overlays: [ImageOverlay], preset: String
    ) -> ImageDescriptor<Reference> {
        var descriptor = plain
        descriptor.contentMode = contentMode
        descriptor.tint = tint
        descriptor.background = background
        descriptor.accessibilityIdentifier = preset
        descriptor.focus = focus
        descriptor.shape = shape
        descriptor.border = border
        descriptor.overlays = overlays
        descriptor.effects = effects
        descriptor.backdrop = backdrop
        descriptor.sizing = sizing
        return descriptor
    }

    /// The failure placeholder: the image file centred on the preset's
    /// background, or the default light red.
    func failureDescriptor(preset: String) throws(ServerConfiguration.Error) -> ImageDescriptor<AnyLocalImage>? {
        guard let path = failure else { return nil }
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
