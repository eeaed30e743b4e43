import Crypto
import Foundation

/// Signs and checks render paths: `sig` is base64url (no padding) of
/// HMAC-SHA256(key, the path and query up to, not including, `&sig=`),
/// and is the last parameter. Checks compare in constant time.
///
/// ```swift
/// let signer = RequestSigner(key: "secret")
/// let path = signer.sign("/render/thumb?url=https%3A%2F%2Fcdn.example.com%2Fa.jpg&w=200&h=200")
/// // "/render/thumb?url=…&w=200&h=200&sig=…"
/// try signer.verify(path)
/// ```
public struct RequestSigner: Sendable {
    private let key: SymmetricKey

    /// A signer with a shared secret.
    public init(key: String) {
        self.key = SymmetricKey(data: Data(key.utf8))
    }

    /// The signature of `message` (base64url, no padding).
    package func signature(of message: String) -> String {
        Self.base64URL(Data(HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: key)))
    }

    /// `path` with `&sig=` (or `?sig=` when it has no query) appended.
    public func sign(_ path: String) -> String {
        path + (path.contains("?") ? "&sig=" : "?sig=") + signature(of: path)
    }

    /// Checks the signature of a request target (path and raw query).
    public func verify(_ target: String) throws(Error) {
        let signed: Substring
        let given: Substring
        if let range = target.range(of: "&sig=", options: .backwards) {
            (signed, given) = (target[..<range.lowerBound], target[range.upperBound...])
        } else if let range = target.range(of: "?sig=", options: .backwards) {
            (signed, given) = (target[..<range.lowerBound], target[range.upperBound...])
        } else {
            throw .missing
        }
        if given.contains("&") { throw .notLast }
        guard let expected = Self.decodeBase64URL(given) else { throw .mismatch }
        guard HMAC<SHA256>.isValidAuthenticationCode(expected, authenticating: Data(signed.utf8), using: key) else {
            throw .mismatch
        }
    }

    /// Why a request's signature was refused (403).
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// No `sig` parameter.
        case missing
        /// Parameters follow `sig`.
        case notLast
        /// `sig` is not the signature of the path and query before it.
        case mismatch

        /// What was wrong, for the 403 body.
        public var description: String {
            switch self {
            case .missing: "missing signature: this server requires a sig parameter (see `vignette sign`)"
            case .notLast: "the sig parameter must be the last one"
            case .mismatch: "invalid signature: sig does not match the path and query before it"
            }
        }
    }

    static func base64URL(_ data: Data) -> String {
        var text = data.base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    static func decodeBase64URL(_ text: Substring) -> Data? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
