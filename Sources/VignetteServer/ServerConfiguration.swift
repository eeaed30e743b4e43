import Foundation
import Vignette

/// Everything `vignette serve` reads from its YAML (or JSON) file; every
/// field has a safe default, so an empty file serves with no presets.
///
/// ```swift
/// let configuration = try ServerConfiguration(yaml: """
///     signingKey: "secret"
///     allowHosts: ["cdn.example.com"]
///     presets:
///       thumb: {contentMode: aspectFill, background: "#EEEEEE", maxAge: 86400}
///     """)
/// ```
public struct ServerConfiguration: Sendable {
    /// Address to listen on (`--host` overrides). Default 127.0.0.1.
    public var host: String = "127.0.0.1"
    /// Port to listen on (`--port` overrides); 0 picks a free one. Default 8080.
    public var port: Int = 8080
    /// When set, every render URL must carry a valid `sig`.
    public var signingKey: String?
    /// When not empty, the only source hosts (`host` or `host:port`), on every redirect hop.
    public var allowHosts: [HostPattern] = []
    /// Whether sources may be on loopback, private or link-local addresses. Default false.
    public var allowPrivateNetworks = false
    /// Requests being served at once (fetching or rendering). Default 64.
    public var maxConcurrentRequests = 64
    /// Requests waiting beyond that; more are answered 503 + Retry-After. Default 256.
    public var maxQueue = 256
    /// The CPU-bound work at once: this many renders (with their encodes),
    /// and this many source decodes (the pipeline's `maxConcurrentDecodes`);
    /// the rest wait their turn, suspended, so a burst of large sources
    /// queues instead of slowing every small render (a still image and
    /// output of at most 1 Mpx each take no slot). Work holding a slot runs
    /// on threads of the service's own, one per slot, so Swift's cooperative
    /// pool stays free for small renders. Default: the active core count.
    public var maxConcurrentRenders = ProcessInfo.processInfo.activeProcessorCount
    /// Connections open at once; beyond them the server stops accepting
    /// until one closes (new ones wait in the kernel's backlog). nil, the
    /// default: what the open-files limit leaves beside the
    /// ``descriptorReserve``, at most 10,000.
    public var maxConnections: Int?
    /// A folder for the disk cache of sources; nil keeps sources in memory only.
    public var cacheDir: String?
    /// Size limit of the disk cache in bytes. Default 1 GiB.
    public var cacheBytes = 1 << 30
    /// Memory cache of decoded sources and their reduced copies, in bytes
    /// of pixels. Default 64 MiB: in `make bench-serve` a larger cache
    /// gave no more requests/s, only a larger RSS.
    public var memoryCacheBytes = 64 << 20
    /// Whether renders resample from reduced copies of a source (the
    /// pipeline's `reducedCopies`): faster at many sizes, within 38 dB of
    /// a full-size render, not byte-identical to the library's. Default true.
    public var reducedCopies = true
    /// Huffman tables of the JPEGs it serves. Default `EncodingOptions.serving`'s:
    /// fitted tables up to 128 × 128 pixels (on photos they saved 9–19 % of
    /// the bytes below 128 × 85), and the standard's tables above, where
    /// fitting them doubled the encode time to save 2–4 % (YAML
    /// `jpegHuffman: auto`; `optimized` for the library's bytes at any
    /// size, `standard` for the fastest encodes).
    public var jpegHuffman: EncodingOptions.HuffmanTables = EncodingOptions.serving.huffman
    /// Limits on sources and outputs.
    public var limits = Limits()
    /// Retries of a source after a transient failure (502, 503, 504, a
    /// broken connection, a timeout), within `limits.sourceTimeout` for the
    /// whole fetch, waits included. Default 1, as the library's pipeline
    /// retries: an origin's single 503 is not a failure image.
    public var sourceRetries = 1
    /// Font files and folders (TTF, OTF, TTC, WOFF, WOFF2) the presets' text
    /// overlays draw with, relative to the configuration file, read at
    /// start-up (a file that is not a font stops the server, naming it):
    /// their families come after the bundled Noto Sans, in order, and are
    /// tried for characters a font lacks. Never a system font; a request
    /// never names one. YAML's `fonts:` sets it: only the file's presets
    /// draw text with it (a Swift preset's `TextImage` carries its own fonts).
    package var fonts: [String] = []
    /// Where the bundled Noto Sans sits among `fonts` (YAML `fonts: {files: […], bundled: last}`).
    package var bundledFonts = BundledFonts.first
    /// Presets defined in the file, by name.
    public var presets: [String: PresetDefinition] = [:]
    /// Headers (from the environment) and cache-key transforms for the
    /// sources on given hosts; the first rule whose host matches applies.
    public var origins: [OriginRule] = []

    /// The defaults.
    public init() {}

    /// Limits with safe defaults: a request never holds more than one
    /// source of `maxSourceBytes` and one decode of `maxSourcePixels`.
    public struct Limits: Sendable, Hashable {
        /// Largest source body in bytes. Default 20 MiB.
        public var maxSourceBytes = 20 << 20
        /// Largest source image in pixels, checked from the header before decoding. Default 50 Mpx.
        public var maxSourcePixels = 50_000_000
        /// Largest output in pixels (w × h × scale²). Default 16 Mpx.
        public var maxOutputPixels = 16_000_000
        /// Largest `w` in points. Default 4096.
        public var maxWidth = 4096
        /// Largest `h` in points. Default 4096.
        public var maxHeight = 4096
        /// Largest `scale`. Default 4.
        public var maxScale = 4.0
        /// Time allowed for fetching a source, redirects included. Default 10 s.
        public var sourceTimeout: Duration = .seconds(10)
        /// Most frames of an animated source a preset with `animation` keeps,
        /// checked from the headers. Default 1000.
        public var maxFrames = AnimationLimits.defaultMaxFrames
        /// Most pixels of all frames together (canvas × frames), of the
        /// source and of the output. Default 50 Mpx, as `maxSourcePixels`.
        public var maxAnimationPixels = 50_000_000

        /// `maxFrames` and `maxAnimationPixels` as the library's limits.
        package var animation: AnimationLimits {
            AnimationLimits(maxFrames: maxFrames, maxAnimationPixels: maxAnimationPixels)
        }

        /// The defaults.
        public init() {}
    }

    /// The loading options these settings give: the address policy
    /// (`.publicOnly` unless `allowPrivateNetworks`), the allow-list and
    /// the source limits.
    public var loadingOptions: LoadingOptions {
        var policy = AddressPolicy.publicOnly
        policy.allowsPrivateNetworks = allowPrivateNetworks
        policy.allowedHosts = allowHosts
        return LoadingOptions(
            connectTimeout: min(.seconds(5), limits.sourceTimeout), timeout: limits.sourceTimeout,
            maxResponseBytes: limits.maxSourceBytes, maxRedirects: 5, addressPolicy: policy)
    }

    /// Why a configuration could not be read; each case names the key.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The file could not be read.
        case unreadable(path: String, reason: String)
        /// The text is not YAML (or JSON).
        case syntax(String)
        /// A key holds a value of the wrong type.
        case wrongType(key: String, expected: String)
        /// A key holds a value of the right type that is not allowed.
        case invalidValue(key: String, reason: String)
        /// A key that means nothing here (often a typo).
        case unknownKey(String, known: [String])
        /// An origin header names an environment variable that is not set.
        case missingEnvironmentVariable(key: String, variable: String)

        /// `presets.thumb.contentMode: …`.
        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "cannot read the configuration \(path): \(reason)"
            case .syntax(let message): "the configuration is not valid YAML: \(message)"
            case .wrongType(let key, let expected): "\(key): expected \(expected)"
            case .invalidValue(let key, let reason): "\(key): \(reason)"
            case .unknownKey(let key, let known): "\(key): unknown key (known: \(known.joined(separator: ", ")))"
            case .missingEnvironmentVariable(let key, let variable):
                "\(key): the environment variable \(variable) is not set (it holds the header's value)"
            }
        }
    }
}

/// A preset as the configuration file writes it: the presentation of an
/// `ImageDescriptor<URL>`, a failure placeholder, a cache lifetime, and
/// whether a request may change the sizing.
public struct PresetDefinition: Sendable, Hashable {
    /// How the source fills the output. Default aspectFit.
    public var contentMode: ContentMode = .aspectFit
    /// Renders the source as a template in this colour.
    public var tint: Color?
    /// Fills the output behind the source.
    public var background: Color?
    /// A failure placeholder image file (any decodable format), relative to the configuration file.
    public var failure: String?
    /// `Cache-Control: max-age` of successful renders, in seconds. Default 3600.
    public var maxAge = 3600
    /// Which part a cropping layout keeps (a request's `fp` replaces it). Default center.
    public var focus: Focus = .anchor(.center)
    /// The outline that clips the output. Default rectangle.
    public var shape: ImageShape = .rectangle
    /// A stroke inside the shape's edge.
    public var border: Border?
    /// Drawn above the source, in order: image files (relative to the
    /// configuration file), text and colour rectangles.
    public var overlays: [OverlayDefinition] = []
    /// Changes to the source's pixels, in order.
    public var effects: [ImageEffect] = []
    /// The source itself, aspect-filled and blurred, behind it (`background: blur:12`).
    public var backdrop: Backdrop?
    /// enlarge, extend, extendAspectRatio and fillDown. Default UIKit's.
    public var sizing: Sizing = .standard
    /// Whether a request may give `rt`, `el` and `ex`. Default false: the preset's design decides.
    public var allowSizing = false
    /// The formats `Accept` may pick, in order (`formats: [avif, webp, jpeg]`). Default webp, jpeg.
    public var formats: [ImageFormat] = Preset.defaultFormats
    /// Keep an animated source's animation (default false: the first frame).
    public var animation = false

    /// A definition.
    public init(
        contentMode: ContentMode = .aspectFit, tint: Color? = nil, background: Color? = nil,
        failure: String? = nil, maxAge: Int = 3600
    ) {
        self.contentMode = contentMode
        self.tint = tint
        self.background = background
        self.failure = failure
        self.maxAge = maxAge
    }
}

/// An overlay of a preset as the configuration file writes it: an image
/// file (relative to the configuration file, decoded once when the
/// presets are loaded; an SVG stays a vector), a text or a colour
/// rectangle, and where and how it is drawn.
///
/// ```yaml
/// overlays:
///   - {file: sale.png, position: top-right, offset: "-8,8", size: 48x20, opacity: 0.9}
///   - {file: watermark.png, tile: true, opacity: 0.1}
///   - {file: online.png, position: bottom-right, clipsToShape: false}
///   - {fill: "#00000096", position: bottom, size: 600x140}
///   - {text: "© Shop", font: "bold 14", color: "#FFFFFFAA", position: bottom-right, offset: "-8,-8"}
/// ```
public struct OverlayDefinition: Sendable, Hashable {
    /// The image file (any decodable format; an @Nx suffix sets its scale); empty for a text or a fill.
    public var file: String
    /// The text drawn instead of a file.
    package var text: TextOverlayDefinition?
    /// The colour of a solid rectangle of `size` drawn instead of a file.
    package var fill: Color?
    /// Which of the nine positions it sits at. Default center.
    public var anchor: Anchor = .center
    /// Moves it in points, +x right, +y down.
    public var offset = Point(x: 0, y: 0)
    /// Its box in points, fitted; nil: its pixels ÷ its scale.
    public var size: Size?
    /// 0...1. Default 1.
    public var opacity = 1.0
    /// Repeat it edge to edge over the output.
    public var tiled = false
    /// Whether the preset's shape clips it. Default true.
    public var clipsToShape = true

    /// An overlay of `file` at the centre, at its own size, opaque.
    public init(file: String) { self.file = file }

    /// A text overlay at the centre, opaque.
    package init(text: TextOverlayDefinition) {
        self.file = ""
        self.text = text
    }

    /// A rectangle of `fill` at the centre, `size` points.
    package init(fill: Color, size: Size) {
        self.file = ""
        self.fill = fill
        self.size = size
    }

    /// `image` placed as the definition says: its anchor, offset, opacity,
    /// tiling and clip, and its size unless `sized` is false (text keeps its own).
    package func placed(_ image: ImageDescriptor<AnyLocalImage>, sized: Bool = true) -> ImageOverlay {
        ImageOverlay(image, anchor: anchor, offset: offset, size: sized ? size : nil, opacity: opacity, tiled: tiled, clipsToShape: clipsToShape)
    }
}
