import Foundation
import VignetteCore

/// The file an input renders to inside `--output-dir`: always one plain file
/// name ending in the output format's extension (`.png` by default), a
/// function of the input and the format alone.
///
/// - The name is the input's last path segment; for a URL, the segment as
///   sent, percent-decoded afterwards, so `..%2F..%2Fa.png` stays one name.
/// - `/`, `\`, NUL and every other control or invisible format character
///   become `_`; a run of dots becomes `_`; leading and trailing dots go. So
///   neither `..` nor a path separator reaches the file system.
/// - The extension (one to five letters or digits) is replaced:
///   `photo.jpg` → `photo.png` (or `photo.webp` with `--format webp`).
/// - A stem longer than 200 bytes is cut and gets a hash of the whole input,
///   so the name fits the file system's 255 bytes and stays distinct.
/// - Without a usable segment: the host (`http://example.com/` →
///   `example.com.png`), else `image.png`. A `data:` URL is `data-<hash>.png`.
enum OutputName {
    /// Longest stem kept whole, in UTF-8 bytes.
    static let maxStemBytes = 200

    /// The output file name for `input`.
    static func `for`(_ input: RenderCommand.Input, fileExtension: String = "png") -> String {
        switch input {
        case .file(let path):
            return name(
                segment: path.split(separator: "/").last.map(String.init), fallback: "image", whole: path,
                fileExtension: fileExtension)
        case .network(let url):
            // The encoded path: decoding first would turn %2F into a separator.
            let segment = url.path(percentEncoded: true).split(separator: "/").last.map { raw in
                String(raw).removingPercentEncoding ?? String(raw)
            }
            return name(
                segment: segment, fallback: url.host() ?? "image", whole: url.absoluteString,
                fileExtension: fileExtension)
        case .data(let url):
            return "data-" + StableHash.base36(url.absoluteString) + "." + fileExtension
        }
    }

    /// `segment` made safe and without its extension, plus `.png`; the
    /// fallback (kept with its dots, as a host name) when nothing is left.
    static func name(segment: String?, fallback: String, whole: String, fileExtension: String = "png") -> String {
        var stem = collapsingDots(withoutExtension(replacingUnsafe(segment ?? "")))
        if stem.isEmpty { stem = collapsingDots(replacingUnsafe(fallback)) }
        if stem.isEmpty { stem = "image" }
        if stem.utf8.count > maxStemBytes {
            var cut = ""
            for character in stem {
                guard cut.utf8.count + character.utf8.count <= maxStemBytes else { break }
                cut.append(character)
            }
            stem = cut + "-" + StableHash.base36(whole)
        }
        return stem + "." + fileExtension
    }

    /// Drops a last `.ext` of one to five ASCII letters or digits (a
    /// leading dot does not start an extension).
    static func withoutExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        let ext = name[name.index(after: dot)...]
        guard (1...5).contains(ext.count), ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return name }
        return String(name[..<dot])
    }

    /// Separators and invisible or control characters as `_`.
    static func replacingUnsafe(_ text: String) -> String {
        String(text.map { isUnsafe($0) ? "_" : $0 })
    }

    /// Each run of two or more dots as `_`; leading and trailing dots trimmed.
    static func collapsingDots(_ text: String) -> String {
        var result = ""
        var dots = 0
        func flushDots() {
            if dots == 1 { result.append(".") } else if dots > 1 { result.append("_") }
            dots = 0
        }
        for character in text {
            if character == "." {
                dots += 1
            } else {
                flushDots()
                result.append(character)
            }
        }
        flushDots()
        while result.hasPrefix(".") { result.removeFirst() }
        while result.hasSuffix(".") { result.removeLast() }
        return result
    }

    /// Separators, and characters that are invisible or control a terminal.
    private static func isUnsafe(_ character: Character) -> Bool {
        if character == "/" || character == "\\" { return true }
        return character.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
    }
}

/// FNV-1a (64-bit) in base 36: stable across processes and machines,
/// unlike `String.hashValue`, which is seeded per process.
enum StableHash {
    /// The hash of `text`'s UTF-8 bytes.
    static func base36(_ text: String) -> String {
        String(FNV1a.hash(text.utf8), radix: 36)
    }
}
