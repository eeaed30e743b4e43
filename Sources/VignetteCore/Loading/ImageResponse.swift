/// A delivered image and where it came from: what a loader answers, and
/// what a surface keeps (`ImageSurface.response`) once a remote descriptor
/// has loaded.
///
/// ```swift
/// let response = try await pipeline.response(for: ImageRequest(url: url))
/// if let reason = response.staleBecause { log.warning("served a stale copy: \(reason)") }
/// ```
public struct ImageResponse: Sendable {
    /// The decoded image.
    public var image: Bitmap
    /// Where the image came from.
    public var source: Source
    /// Set when the network failed and a stale disk-cache entry was served
    /// instead: the failure that made it stale-but-served.
    public var staleBecause: ImageRequest.Error?
    /// What the decoder repaired to give the image (a JPEG's damaged
    /// entropy data, for example); empty when it decoded exactly as encoded.
    /// Reported by the load that decoded it: an image served from the
    /// memory cache has none.
    public var warnings: [DecodingWarning]

    /// A response.
    public init(image: Bitmap, source: Source, staleBecause: ImageRequest.Error? = nil, warnings: [DecodingWarning] = []) {
        self.image = image
        self.source = source
        self.staleBecause = staleBecause
        self.warnings = warnings
    }

    /// True when the image is a stale cached copy served because the network failed.
    package var isStale: Bool { staleBecause != nil }

    /// Where an image came from.
    public enum Source: Sendable, Hashable, CustomStringConvertible {
        /// The memory cache.
        case memory
        /// A disk-cache entry used without asking the server (fresh, or
        /// `cacheOnly`, or stale after a network failure).
        case disk
        /// A disk-cache entry the server confirmed with 304 Not Modified.
        case revalidated
        /// A full network (or file/data) load.
        case network

        /// `memory`, `disk`, `revalidated (304)`, `network`.
        public var description: String {
            switch self {
            case .memory: "memory"
            case .disk: "disk"
            case .revalidated: "revalidated (304)"
            case .network: "network"
            }
        }
    }
}
