import Crypto
import Foundation
import Vignette

extension RenderService {
    /// How long a client or CDN may keep an `/info` reply: the default
    /// preset `maxAge`, as the source is the same one a render reads.
    package static let infoMaxAge = 3600

    /// Answers `GET /info?url=…[&sig=…]`: the source's `ImageInfo` as JSON
    /// (`ImageInfo.json(indent:)`), with the checks of a render — the
    /// signature when a key is set, an http(s) `url`, the address policy,
    /// the source byte and pixel limits — and its caching: an ETag,
    /// `Cache-Control: public, max-age=3600`, 304 for `If-None-Match`.
    ///
    /// ```swift
    /// let reply = await service.info(target: "/info?url=https%3A%2F%2Fcdn.example.com%2Fa.jpg", ifNoneMatch: nil)
    /// reply.header("Content-Type")  // "application/json; charset=utf-8"
    /// ```
    public func info(target: String, ifNoneMatch: String?) async -> RenderReply {
        if let signer {
            do throws(RequestSigner.Error) { try signer.verify(target) } catch { return .text(403, "\(error)") }
        }
        let source: URL
        switch Self.infoSource(target) {
        case .success(let url): source = url
        case .failure(let refusal): return refusal.reply
        }
        if let refusal = addressPolicy.refusal(for: source) {
            return .text(403, "refused by the address policy: \(refusal)")
        }
        do {
            try await admission.acquire()
        } catch {
            return .text(
                503, "overloaded: \(admission.limit) requests in flight and \(admission.queueLimit) waiting; retry shortly",
                headers: [("Retry-After", "1")])
        }
        defer { admission.release() }
        return await info(of: source, ifNoneMatch: ifNoneMatch)
    }

    private func info(of source: URL, ifNoneMatch: String?) async -> RenderReply {
        let data: Data
        do throws(ImageRequest.Error) {
            data = try await pipeline.data(for: ImageRequest(url: source))
        } catch {
            if case .loadingFailed(let cause, _) = error, case .refused = cause { return .text(403, cause.reason) }
            return .text(RenderReply.status(for: error), "source failed: \(error.reason)")
        }
        do {
            try await renderSlots.acquire()
        } catch {
            return .text(503, "cancelled")
        }
        defer { renderSlots.release() }
        let options = DecodingOptions(maxPixelCount: configuration.limits.maxSourcePixels)
        let info: ImageInfo
        do throws(ImageDecoders.Error) {
            info = try await renderThreads.run { () throws(ImageDecoders.Error) in try ImageInfo.read(data, options: options) }
        } catch {
            return .text(502, "source is not a usable image: \(error)")
        }
        return RenderReply.json(Data((info.json(indent: 2) + "\n").utf8), maxAge: Self.infoMaxAge, ifNoneMatch: ifNoneMatch)
    }

    /// Why a query is refused, as its reply.
    struct InfoRefusal: Error {
        let reply: RenderReply
    }

    /// The `url` of an `/info` query: only `url` and `sig` are allowed, once
    /// each; the URL must be absolute http or https (other schemes are 403).
    static func infoSource(_ target: String) -> Result<URL, InfoRefusal> {
        let query = target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) } ?? ""
        var values: [String: String] = [:]
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard name == "url" || name == "sig" else {
                return .failure(InfoRefusal(reply: .text(400, "unknown parameter '\(name)' (info takes url and sig)")))
            }
            guard values[name] == nil else { return .failure(InfoRefusal(reply: .text(400, "parameter '\(name)' repeated"))) }
            values[name] = parts.count > 1 ? (parts[1].removingPercentEncoding ?? "") : ""
        }
        guard let text = values["url"], !text.isEmpty else { return .failure(InfoRefusal(reply: .text(400, "missing parameter 'url'"))) }
        let invalid = InfoRefusal(reply: .text(400, "invalid url '\(text)': expected an absolute http or https URL, percent-encoded"))
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), !scheme.isEmpty else { return .failure(invalid) }
        guard scheme == "http" || scheme == "https" else {
            return .failure(InfoRefusal(reply: .text(403, "the \(scheme): scheme is not allowed for sources (only http and https)")))
        }
        guard url.host?.isEmpty == false else { return .failure(invalid) }
        return .success(url)
    }
}

extension RenderReply {
    /// A JSON reply: 200 with an ETag and `max-age`, or 304 when
    /// `If-None-Match` names the ETag.
    static func json(_ body: Data, maxAge: Int, ifNoneMatch: String?) -> RenderReply {
        let etag = "\"" + RequestSigner.base64URL(Data(SHA256.hash(data: body).prefix(18))) + "\""
        let headers: [(name: String, value: String)] = [
            ("Content-Type", "application/json; charset=utf-8"), ("ETag", etag), ("Cache-Control", "public, max-age=\(maxAge)")
        ]
        if let ifNoneMatch, matches(ifNoneMatch, etag: etag) {
            return RenderReply(status: 304, headers: headers.filter { $0.name != "Content-Type" }, body: Data())
        }
        return RenderReply(status: 200, headers: headers, body: body)
    }
}
