import Foundation
import Vignette

/// What the server sends to the sources on one host, and how it files them:
/// headers whose values come from the environment (the configuration
/// names a variable, never the secret) and a cache-key transform.
///
/// ```yaml
/// allowHosts: ["media.example.com", "bucket.s3.amazonaws.com"]
/// origins:
///   - host: media.example.com
///     headers:
///       Authorization: {env: MEDIA_TOKEN, prefix: "Bearer "}
///       X-Api-Key: {env: MEDIA_KEY, sensitive: true}
///   - host: bucket.s3.amazonaws.com
///     cacheKey: ignoreCloudSignatures        # or {dropQueryItems: [token, expires]}
/// ```
///
/// A missing variable stops the server at startup, naming it. The headers
/// are never logged nor put in a reply; a redirect to another origin
/// drops `Authorization` and `Cookie` and refuses to carry any other
/// sensitive field.
public struct OriginRule: Sendable, Hashable {
    /// The sources it applies to (`host`, `host:port`, `*.example.com`).
    public var host: HostPattern
    /// The headers, resolved from the environment when the service starts.
    public var headers: [HeaderSource] = []
    /// The cache-key transform of these sources; nil: the URL's text.
    public var cacheKey: CacheKeyTransform?

    /// A rule for `host` with no headers and no transform.
    public init(host: HostPattern) { self.host = host }

    /// One header: its name and the environment variable holding its value.
    public struct HeaderSource: Sendable, Hashable {
        /// The header's name.
        public var name: String
        /// The environment variable holding the value.
        public var environmentVariable: String
        /// Text put before the variable's value (`"Bearer "`).
        public var prefix: String
        /// Marks a header other than `Authorization`, `Cookie` and
        /// `Proxy-Authorization` (always sensitive) as a credential.
        public var sensitive: Bool

        /// A header from `environmentVariable`.
        public init(name: String, environmentVariable: String, prefix: String = "", sensitive: Bool = false) {
            self.name = name
            self.environmentVariable = environmentVariable
            self.prefix = prefix
            self.sensitive = sensitive
        }
    }

    /// The rules with their headers resolved: what a request modifier applies.
    struct Resolved: Sendable {
        let host: HostPattern
        let headers: RequestHeaders
        let cacheKey: CacheKeyTransform?
    }

    /// The headers read from `environment`; `key` names the rule in errors
    /// (`origins[0]`). A missing variable, or a value that is not a valid
    /// header value, is an error naming the variable and the header —
    /// never the value.
    func resolved(environment: [String: String], key: String) throws(ServerConfiguration.Error) -> Resolved {
        var headers = RequestHeaders()
        for source in self.headers {
            let fieldKey = "\(key).headers.\(source.name)"
            guard let value = environment[source.environmentVariable] else {
                throw .missingEnvironmentVariable(key: fieldKey, variable: source.environmentVariable)
            }
            do throws(RequestHeaders.Error) {
                try headers.set(source.name, source.prefix + value, sensitive: source.sensitive)
            } catch {
                throw .invalidValue(key: fieldKey, reason: "\(error) (from $\(source.environmentVariable))")
            }
        }
        return Resolved(host: host, headers: headers, cacheKey: cacheKey)
    }
}

extension [OriginRule.Resolved] {
    /// Applies the first rule whose host matches the request's URL: its
    /// headers where the request has none of that name, and its transform
    /// where the request has none.
    func apply(to request: inout ImageRequest) {
        guard let host = request.url.host,
            let rule = first(where: { $0.host.matches(host: host, port: request.url.port ?? (request.url.scheme == "https" ? 443 : 80)) })
        else { return }
        for field in rule.headers.fields where request.headers[field.name] == nil {
            try? request.headers.set(field.name, field.value, sensitive: field.isSensitive)  // checked when resolved
        }
        if request.cacheKeyTransform == nil { request.cacheKeyTransform = rule.cacheKey }
    }
}
