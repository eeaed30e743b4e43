import Crypto
import Foundation
import Vignette

/// A framework-neutral HTTP reply: status, headers, body.
///
/// ```swift
/// let reply = await service.render(target: "/render/thumb?url=…&w=100&h=100", preset: "thumb",
///                                  accept: "image/webp", ifNoneMatch: nil)
/// reply.status                 // 200
/// reply.header("ETag")         // "\"…\""
/// ```
public struct RenderReply: Sendable {
    /// The HTTP status.
    public var status: Int
    /// Header fields in order.
    public var headers: [(name: String, value: String)]
    /// The body (empty for 304).
    public var body: Data

    /// A reply.
    package init(status: Int, headers: [(name: String, value: String)], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header (case-insensitive name).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// A plain-text error reply that says what was wrong.
    static func text(_ status: Int, _ message: String, headers: [(String, String)] = []) -> RenderReply {
        RenderReply(
            status: status,
            headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")]
                + headers.map { (name: $0.0, value: $0.1) },
            body: Data((message + "\n").utf8))
    }

    /// An image reply: 200 with `max-age`, the failure placeholder with the
    /// upstream's meaning (404, else 502) and `no-store`, or 304 when
    /// `If-None-Match` names the ETag (a hash of the output bytes, which
    /// rendering makes the same on every replica).
    static func image(
        _ body: Data, format: ImageFormat, varies: Bool, maxAge: Int,
        failure: ImageRequest.Error?, ifNoneMatch: String?
    ) -> RenderReply {
        guard let failure else {
            return cached(body, format: format, varies: varies, cacheControl: "public, max-age=\(maxAge)", ifNoneMatch: ifNoneMatch)
        }
        return failed(body, format: format, varies: varies, failure: failure)
    }

    /// The failure placeholder: the upstream's meaning (404, else 502),
    /// `no-store`, and the reason in `X-Vignette-Error`.
    static func failed(_ body: Data, format: ImageFormat, varies: Bool, failure: ImageRequest.Error) -> RenderReply {
        var headers: [(name: String, value: String)] = [("Content-Type", format.mediaType), ("ETag", etag(of: body))]
        if varies { headers.append(("Vary", "Accept")) }
        headers.append(("Cache-Control", "no-store"))
        headers.append(("X-Vignette-Error", String(failure.reason.filter { $0 != "\r" && $0 != "\n" }.prefix(300))))
        return RenderReply(status: Self.status(for: failure), headers: headers, body: body)
    }

    /// 200 with the image, its ETag, `Vary: Accept` when negotiated and
    /// `cacheControl`; 304 without a body (nor Content-Type) when
    /// `If-None-Match` names the ETag.
    static func cached(_ body: Data, format: ImageFormat, varies: Bool, cacheControl: String?, ifNoneMatch: String?) -> RenderReply {
        let etag = etag(of: body)
        var headers: [(name: String, value: String)] = [("Content-Type", format.mediaType), ("ETag", etag)]
        if varies { headers.append(("Vary", "Accept")) }
        if let cacheControl { headers.append(("Cache-Control", cacheControl)) }
        if let ifNoneMatch, Self.matches(ifNoneMatch, etag: etag) {
            return RenderReply(status: 304, headers: headers.filter { $0.name != "Content-Type" }, body: Data())
        }
        return RenderReply(status: 200, headers: headers, body: body)
    }

    /// A strong ETag: a hash of the bytes, the same on every replica.
    static func etag(of body: Data) -> String {
        "\"" + RequestSigner.base64URL(Data(SHA256.hash(data: body).prefix(18))) + "\""
    }

    /// 404 when the origin said the source does not exist, else 502 (a 5xx,
    /// a timeout, a broken connection, bytes that are not an image).
    static func status(for failure: ImageRequest.Error) -> Int {
        switch failure.statusCode {
        case 404?, 410?: 404
        default: 502
        }
    }

    /// `If-None-Match`: a list of (possibly weak) tags, or `*`.
    static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { item in
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == "*" || tag == etag
        }
    }
}
