import Foundation

/// Extra HTTP headers sent with a request — `Authorization`, cookies, an
/// API key — checked when set, never printed.
///
/// A field is *sensitive* when it carries a credential: `Authorization`,
/// `Cookie` and `Proxy-Authorization` always are, and `set(_:_:sensitive:)`
/// marks any other. Values never appear in a description, a mirror or an
/// error: only names do. A request with sensitive fields keeps its own cache
/// entries (`ImageRequest.credentialCaching`).
///
/// ```swift
/// var request = ImageRequest(url: url)
/// try request.headers.set("Authorization", "Bearer \(token)")
/// try request.headers.set("X-Api-Key", key, sensitive: true)
/// print(request)  // names the fields, never their values
/// ```
public struct RequestHeaders: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// One field.
    public struct Field: Sendable, Hashable {
        /// The name as given (names compare case-insensitively).
        public let name: String
        /// The value, without CR, LF or NUL.
        public let value: String
        /// Carries a credential: kept out of shared cache entries.
        public let isSensitive: Bool
    }

    /// The fields, in the order they were first set.
    public private(set) var fields: [Field] = []

    /// Names that are always sensitive (lowercased).
    package static let alwaysSensitive: Set<String> = ["authorization", "cookie", "proxy-authorization"]
    /// Names the loader sets itself (framing, the host, revalidation):
    /// setting one is an error.
    package static let reserved: Set<String> = [
        "host", "content-length", "transfer-encoding", "connection", "te", "upgrade", "if-none-match",
        "if-modified-since"
    ]
    /// The longest name accepted (bytes).
    package static let maxNameBytes = 256
    /// The longest value accepted (bytes).
    package static let maxValueBytes = 8192

    /// No fields.
    public init() {}

    /// Sets `name` to `value`, replacing a field of the same name; `sensitive`
    /// defaults to true for `alwaysSensitive` names and false otherwise (it
    /// can add sensitivity, never remove it from those names).
    public mutating func set(_ name: String, _ value: String, sensitive: Bool = false) throws(Error) {
        try Self.check(name: name, value: value)
        let lowered = name.lowercased()
        let field = Field(name: name, value: value, isSensitive: sensitive || Self.alwaysSensitive.contains(lowered))
        if let index = fields.firstIndex(where: { $0.name.lowercased() == lowered }) {
            fields[index] = field
        } else {
            fields.append(field)
        }
    }

    /// Removes the field named `name` (any case), if any.
    public mutating func remove(_ name: String) {
        let lowered = name.lowercased()
        fields.removeAll { $0.name.lowercased() == lowered }
    }

    /// The value of `name` (any case), or nil.
    public subscript(name: String) -> String? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }

    /// True when no field is set.
    public var isEmpty: Bool { fields.isEmpty }

    /// True when a field carries a credential.
    package var hasCredentials: Bool { fields.contains { $0.isSensitive } }

    /// The same headers without the sensitive fields.
    package var withoutCredentials: RequestHeaders {
        var copy = self
        copy.fields.removeAll { $0.isSensitive }
        return copy
    }

    /// The names, values elided (`[Authorization: <sensitive>, X-Trace: <value>]`):
    /// never a value.
    public var description: String {
        "[" + fields.map { "\($0.name): " + ($0.isSensitive ? "<sensitive>" : "<value>") }.joined(separator: ", ") + "]"
    }

    /// The names only, so `dump` and debuggers never show a value.
    public var customMirror: Mirror { Mirror(self, children: ["names": fields.map(\.name)], displayStyle: .struct) }

    /// Refuses a name that is not an HTTP token, a reserved name, and a
    /// value with CR, LF, NUL or another control character (except tab):
    /// such a value could add a header or split the request.
    static func check(name: String, value: String) throws(Error) {
        let token = "!#$%&'*+-.^_`|~"
        guard !name.isEmpty, name.utf8.count <= maxNameBytes,
            name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || token.unicodeScalars.contains($0)) })
        else { throw .invalidName(name) }
        guard !reserved.contains(name.lowercased()) else { throw .reservedName(name) }
        guard value.utf8.count <= maxValueBytes else { throw .valueTooLong(name: name, limit: maxValueBytes) }
        guard value.unicodeScalars.allSatisfy({ $0 == "\t" || !($0.value < 0x20 || $0.value == 0x7F) }) else {
            throw .invalidValue(name: name)
        }
    }

    /// Why a field was refused; names the field, never its value.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// Not an HTTP field name (empty, too long, or a character outside RFC 9110's token).
        case invalidName(String)
        /// A name the loader sets itself.
        case reservedName(String)
        /// The value holds CR, LF, NUL or another control character.
        case invalidValue(name: String)
        /// The value is longer than `RequestHeaders.maxValueBytes`.
        case valueTooLong(name: String, limit: Int)

        /// What was wrong, naming the field.
        public var description: String {
            switch self {
            case .invalidName(let name): "\(name.debugDescription) is not a valid header name"
            case .reservedName(let name): "the header \(name) is set by the loader itself"
            case .invalidValue(let name): "the value of the header \(name) contains a line break or control character"
            case .valueTooLong(let name, let limit): "the value of the header \(name) is longer than \(limit) bytes"
            }
        }
    }
}
