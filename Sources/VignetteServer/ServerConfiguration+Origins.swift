import Foundation
import Vignette
import Yams

extension ServerConfiguration {
    /// Reads `origins:`, a list of rules (`OriginRule`); each host must be
    /// one the server may fetch when `allowHosts` is set.
    mutating func readOrigins(_ reader: inout ConfigReader) throws(Error) {
        guard let node = reader.take("origins"), node.null == nil else { return }
        guard let items = node.sequence else { throw .wrongType(key: "origins", expected: "a list of mappings") }
        origins = try items.enumerated().map { index, item throws(Error) in
            let rule = try OriginRule(node: item, path: "origins[\(index)]")
            let allowed =
                allowHosts.isEmpty || allowHosts.contains(rule.host)
                || allowHosts.contains { $0.matches(host: rule.host.host, port: rule.host.port ?? $0.port ?? 0) }
            guard allowed else {
                throw .invalidValue(key: "origins[\(index)].host", reason: "'\(rule.host)' is not in allowHosts")
            }
            return rule
        }
    }

    /// The origin rules with their headers read from `environment`.
    func resolvedOrigins(environment: [String: String]) throws(Error) -> [OriginRule.Resolved] {
        try origins.enumerated().map { index, rule throws(Error) in
            try rule.resolved(environment: environment, key: "origins[\(index)]")
        }
    }
}

extension OriginRule {
    /// The keys of one rule.
    static let keys = ["host", "headers", "cacheKey"]

    init(node: Node, path: String) throws(ServerConfiguration.Error) {
        var reader = try ConfigReader(node, path: path)
        guard let text = try reader.string("host") else { throw .invalidValue(key: "\(path).host", reason: "is required") }
        guard let host = HostPattern(text) else { throw .invalidValue(key: "\(path).host", reason: "'\(text)' is not host or host:port") }
        self.init(host: host)
        if let headersNode = reader.take("headers"), headersNode.null == nil {
            var headersReader = try ConfigReader(headersNode, path: "\(path).headers")
            headers = try headersReader.remaining().map { name, value throws(ServerConfiguration.Error) in
                try HeaderSource(name: name, node: value, path: "\(path).headers.\(name)")
            }
        }
        if let keyNode = reader.take("cacheKey"), keyNode.null == nil {
            cacheKey = try Self.cacheKey(keyNode, path: "\(path).cacheKey")
        }
        try reader.finish(known: Self.keys)
    }

    /// `ignoreCloudSignatures`, `{dropQueryItems: [a, b]}` or `{dropQueryItemsPrefixed: [x-sig-]}`.
    private static func cacheKey(_ node: Node, path: String) throws(ServerConfiguration.Error) -> CacheKeyTransform {
        let forms = "ignoreCloudSignatures, {dropQueryItems: [name, …]} or {dropQueryItemsPrefixed: [prefix, …]}"
        if let text = node.scalar?.string {
            guard text == "ignoreCloudSignatures" else { throw .invalidValue(key: path, reason: "'\(text)' is not one of \(forms)") }
            return .ignoringCloudSignatures
        }
        var reader = try ConfigReader(node, path: path)
        let transform: CacheKeyTransform
        if let names = try reader.strings("dropQueryItems") {
            transform = .droppingQueryItems(named: Set(names))
        } else if let prefixes = try reader.strings("dropQueryItemsPrefixed") {
            transform = .droppingQueryItems(prefixedBy: prefixes)
        } else {
            throw .invalidValue(key: path, reason: "expected \(forms)")
        }
        try reader.finish(known: ["dropQueryItems", "dropQueryItemsPrefixed"])
        return transform
    }
}

extension OriginRule.HeaderSource {
    /// `{env: NAME, prefix: "Bearer ", sensitive: true}`; a plain string is
    /// refused: the file names a variable, never the secret.
    init(name: String, node: Node, path: String) throws(ServerConfiguration.Error) {
        do throws(RequestHeaders.Error) {
            var probe = RequestHeaders()
            try probe.set(name, "x")
        } catch {
            throw .invalidValue(key: path, reason: "\(error)")
        }
        guard node.mapping != nil else {
            throw .invalidValue(
                key: path, reason: "expected {env: VARIABLE}: the value comes from the environment, never from this file")
        }
        var reader = try ConfigReader(node, path: path)
        guard let variable = try reader.string("env") else { throw .invalidValue(key: "\(path).env", reason: "is required") }
        let valid = variable.unicodeScalars.enumerated().allSatisfy { index, c in
            c.isASCII && (c == "_" || c.properties.isAlphabetic || (index > 0 && ("0"..."9").contains(c)))
        }
        guard !variable.isEmpty, valid else {
            throw .invalidValue(key: "\(path).env", reason: "'\(variable)' is not an environment variable name")
        }
        self.init(
            name: name, environmentVariable: variable, prefix: try reader.string("prefix") ?? "",
            sensitive: try reader.bool("sensitive") ?? false)
        try reader.finish(known: ["env", "prefix", "sensitive"])
    }
}
