import Foundation

extension ImageFormat {
    /// The format to answer an HTTP request with when it names none: the
    /// first of `candidates`, in their order, that the `Accept` header names
    /// by its media type (`image/avif`, `image/webp` …) with a q-value above
    /// 0; when it names none of them, JPEG for an opaque image and PNG for a
    /// translucent one.
    ///
    /// - Only an exact media type counts: `image/*` and `*/*` name no
    ///   format, so a client must say it decodes AVIF or WebP to get it.
    /// - q-values follow RFC 9110 (`q=0` … `q=1` with up to three decimals,
    ///   any letter case, spaces allowed around `;`); `q=0` excludes the
    ///   type, and an item with a malformed q-value names nothing. When a type
    ///   is listed twice, its highest q-value counts.
    /// - The candidates' order decides, not the q-values: a server chooses
    ///   what it prefers among what the client takes.
    /// - JPEG is never chosen for a translucent image (it would lose the
    ///   transparency): PNG answers instead unless another candidate is named.
    ///
    /// ```swift
    /// let accept = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8"
    /// ImageFormat.negotiate(accept: accept, isOpaque: true, candidates: [.avif, .webp])   // .avif
    /// ImageFormat.negotiate(accept: "*/*", isOpaque: false, candidates: [.avif, .webp])   // .png
    /// ```
    package static func negotiate(accept: String?, isOpaque: Bool, candidates: [ImageFormat]) -> ImageFormat {
        let accepted = acceptedMediaTypes(accept ?? "")
        let chosen = candidates.first { format in
            (isOpaque || format != .jpeg) && (accepted[format.mediaType] ?? 0) > 0
        }
        return chosen ?? (isOpaque ? .jpeg : .png)
    }

    /// The format an animated answer takes: the first of `candidates` that
    /// animates (`ImageFormat.animatable`) and that `Accept` names with a
    /// q-value above 0 (exact media types only, as `negotiate`); else GIF
    /// when the candidates list it (every client shows GIF); else nil — the
    /// answer is then the first frame in the format `negotiate` picks.
    ///
    /// ```swift
    /// ImageFormat.negotiateAnimated(accept: "image/webp,*/*", candidates: [.avif, .webp, .gif])   // .webp
    /// ImageFormat.negotiateAnimated(accept: "*/*", candidates: [.webp, .gif])                      // .gif
    /// ImageFormat.negotiateAnimated(accept: "*/*", candidates: [.webp, .jpeg])                     // nil
    /// ```
    package static func negotiateAnimated(accept: String?, candidates: [ImageFormat]) -> ImageFormat? {
        let accepted = acceptedMediaTypes(accept ?? "")
        let animating = candidates.filter { animatable.contains($0) }
        return animating.first { (accepted[$0.mediaType] ?? 0) > 0 } ?? (animating.contains(.gif) ? .gif : nil)
    }

    /// The media types an `Accept` header lists (lowercased), each with its
    /// highest q-value; items with a malformed q-value are left out.
    static func acceptedMediaTypes(_ accept: String) -> [String: Double] {
        var accepted: [String: Double] = [:]
        for item in accept.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first, !type.isEmpty else { continue }
            var q = 1.0
            if let parameter = parts.dropFirst().first(where: { $0.hasPrefix("q=") }) {
                guard let value = qValue(parameter.dropFirst(2)) else { continue }
                q = value
            }
            accepted[type] = max(accepted[type] ?? 0, q)
        }
        return accepted
    }

    /// RFC 9110's qvalue: `0`, `0.` and up to three digits, `1`, or `1.`
    /// and up to three zeros; nil for anything else (`2`, `-1`, `0.5000`, `nan`).
    static func qValue(_ text: Substring) -> Double? {
        let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = pieces.first, whole == "0" || whole == "1" else { return nil }
        let fraction = pieces.count > 1 ? pieces[1] : ""
        guard fraction.count <= 3, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        guard whole == "0" || fraction.allSatisfy({ $0 == "0" }) else { return nil }
        return Double(whole + "." + fraction + "0")
    }
}
