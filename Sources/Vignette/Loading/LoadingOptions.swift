/// Limits a server needs on every load, with safe defaults.
public struct LoadingOptions: Sendable, Hashable {
    /// Time allowed to establish a connection.
    public var connectTimeout: Duration
    /// Time allowed for the whole load (connection, redirects and body).
    public var timeout: Duration
    /// Largest body accepted, enforced from Content-Length up front and
    /// while streaming.
    public var maxResponseBytes: Int
    /// Redirects followed before giving up.
    public var maxRedirects: Int
    /// Verify TLS certificates and host names.
    public var verifiesTLS: Bool
    /// The User-Agent header sent.
    public var userAgent: String
    /// The Accept header sent: by default exactly the formats the standard
    /// decoders read (`ImageDecoders.standard.acceptHeader`), so a CDN that
    /// negotiates never answers with a format that cannot be decoded.
    public var accept: String
    /// Which hosts and addresses may be reached, checked on every hop and
    /// on the address actually connected to. Default `.allowAll` (as curl);
    /// `vignette serve` uses `.publicOnly`.
    public var addressPolicy: AddressPolicy
    /// Whether an SVG read from a `file:` URL draws the images it names by a
    /// relative path in its own folder or below (`<image href="logo.png">`):
    /// read with it and inlined (``SVGFileImages``). Off by default, so
    /// only `#fragment` and `data:` references resolve; `vignette render`
    /// and `vignette info` turn it on for the user's own files, `vignette
    /// serve` never does.
    package var inlinesSVGImageFiles = false

    /// Creates options; the defaults suit a server rendering thumbnails:
    /// connect within 10 s, the whole load within 30 s, at most 50 MiB
    /// (`50 << 20` bytes) per response and 5 redirects, TLS verified.
    public init(
        connectTimeout: Duration = .seconds(10), timeout: Duration = .seconds(30),
        maxResponseBytes: Int = 50 << 20, maxRedirects: Int = 5, verifiesTLS: Bool = true,
        userAgent: String = "Vignette/0.1", accept: String = ImageDecoders.standard.acceptHeader,
        addressPolicy: AddressPolicy = .allowAll
    ) {
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
        self.maxRedirects = max(0, maxRedirects)
        self.verifiesTLS = verifiesTLS
        self.userAgent = userAgent
        self.accept = accept
        self.addressPolicy = addressPolicy
    }

    var connectTimeoutMilliseconds: Int { Self.milliseconds(connectTimeout) }
    var timeoutMilliseconds: Int { Self.milliseconds(timeout) }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
