import Foundation
import VignetteCore

/// The images an SVG file names beside it (`<image href="logo.png">`,
/// `<feImage xlink:href="sub/texture.jpg">`), read with it and written into
/// it as `data:` URLs, so that the renderer — which resolves nothing but
/// `#fragment` and `data:` references — draws them.
///
/// Only for files the user chose (`vignette render` and `vignette info`
/// turn it on through ``LoadingOptions``; `vignette serve` never does). Even
/// then a reference is read only when it is a relative path to a regular
/// file in the SVG's folder or below it, after symlinks: no `..`, no
/// absolute path, no scheme (`file:`, `http:`), no query or fragment. What
/// is not read stays as it was and draws nothing. Blocking: run it where
/// the file itself is read, never on the cooperative pool.
package enum SVGFileImages {
    /// The budgets: files read, and what the document may grow to.
    package struct Limits: Sendable, Hashable {
        /// Distinct files read for one document.
        package var maxFiles = 64
        /// The largest `data:` URL written (the parser's attribute limit).
        package var maxAttributeBytes = SVGDocument.Limits.standard.maxAttributeBytes
        /// The largest document after inlining (the parser's size limit).
        package var maxDocumentBytes = SVGDocument.Limits.standard.maxBytes

        package init() {}
    }

    /// `data` with each readable image reference in `folder` inlined; the
    /// same bytes when it is not an SVG or names no such file.
    package static func inlining(_ data: Data, folder: String, limits: Limits = Limits()) -> Data {
        // Sniffed before copying: a photo is returned as it came.
        guard SVGDocument.isSVG(data), let root = realpath(folder.isEmpty ? "." : folder, nil) else { return data }
        let bytes = [UInt8](data)
        let base = String(cString: root) + "/"
        free(root)
        var replacements: [(range: Range<Int>, url: [UInt8])] = []
        var read: [String: [UInt8]?] = [:]
        var size = bytes.count
        for reference in SVGImageReferences(bytes).all {
            guard let path = relativePath(reference.value) else { continue }
            if read.index(forKey: path) == nil {
                // At most what still fits the document, so what is kept never exceeds it. A file that
                // cannot be read (or does not fit) is remembered as such: tried once, counted once.
                let room = min(limits.maxAttributeBytes, limits.maxDocumentBytes - size + reference.range.count)
                read.updateValue(read.count < limits.maxFiles ? dataURL(of: base + path, within: base, maxBytes: room) : nil, forKey: path)
            }
            guard let url = read[path] ?? nil, size + url.count - reference.range.count <= limits.maxDocumentBytes else { continue }
            size += url.count - reference.range.count
            replacements.append((reference.range, url))
        }
        guard !replacements.isEmpty else { return data }
        var out: [UInt8] = []
        out.reserveCapacity(size)
        var position = 0
        for (range, url) in replacements {
            out += bytes[position..<range.lowerBound]
            out += url
            position = range.upperBound
        }
        out += bytes[position...]
        return Data(out)
    }

    /// The file path a reference names, percent-decoded, when it is a plain
    /// relative path that stays in its folder; nil for anything else.
    static func relativePath(_ value: [UInt8]) -> String? {
        guard let text = String(validating: value, as: UTF8.self)?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
            !text.contains(where: { ":?#&\\\0".contains($0) }), !text.hasPrefix("/"),
            let path = text.removingPercentEncoding, !path.contains("\0"), !path.hasPrefix("/")
        else { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.isEmpty, !parts.contains(".."), !path.hasSuffix("/") else { return nil }
        return parts.joined(separator: "/")
    }

    /// The file as a `data:` URL, when it resolves (symlinks followed) to a
    /// regular file under `base` and its URL is at most `maxBytes` long.
    private static func dataURL(of path: String, within base: String, maxBytes: Int) -> [UInt8]? {
        guard let resolved = realpath(path, nil) else { return nil }
        let target = String(cString: resolved)
        free(resolved)
        // Base64 grows by 4/3: the largest file whose URL fits, read no further.
        let prefix = Array("data:;base64,".utf8)
        let fileBytes = (maxBytes - prefix.count) / 4 * 3
        guard target.hasPrefix(base), fileBytes > 0,
            let contents = try? FileContents(path: target, maxBytes: fileBytes, regularOnly: true), !contents.data.isEmpty
        else { return nil }
        return prefix + Array(contents.data.base64EncodedString().utf8)
    }
}
