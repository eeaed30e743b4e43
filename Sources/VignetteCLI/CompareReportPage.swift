import Foundation
import VignetteSnapshotReview

/// The report's `index.html`: one self-contained page (inline CSS and a few
/// lines of inline script, no external resource) showing the totals, then
/// per image the reference, the actual and the diff with the changed
/// regions outlined, and a slider that wipes between reference and actual.
/// Every text taken from the comparison is HTML-escaped; image addresses
/// are the report's own safe names.
struct CompareReportPage {
    let summary: CompareSummary

    /// Text safe inside an element or a quoted attribute.
    static func escape(_ text: String) -> String { HTML.escape(text) }

    var html: String {
        let t = summary.totals
        let statuses: [(String, Int)] = [
            ("changed", t.changed), ("added", t.added), ("removed", t.removed),
            ("unreadable", t.unreadable), ("unchanged", t.unchanged)
        ]
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>vignette compare: \(t.changed + t.added + t.removed + t.unreadable) of \(t.files) differ</title>
            <style>\(Self.style)</style></head><body>
            <header><h1>vignette compare</h1>
            <p class="dirs">reference <code>\(Self.escape(summary.reference))</code> · actual <code>\(Self.escape(summary.actual))</code>
            · precision \(summary.precision) · perceptual precision \(summary.perceptualPrecision) (a pixel fails beyond ΔE \(summary.deltaEThreshold))
            \(Self.escape(options))· ΔE is CIE94 on 8-bit sRGB; shares are shares of pixels</p>
            <p class="legend">diff: <i class="red"></i> fails <i class="amber"></i> differs within tolerance
            <i class="yellow"></i> looks like anti-aliasing <i class="ignored"></i> ignored
            <i class="blue"></i> changed region · drag a slider to wipe from reference to actual</p>
            <nav><button class="on" data-show="all">all <b>\(t.files)</b></button>
            """
        for (status, count) in statuses {
            page += "<button class=\"\(status)\" data-show=\"\(status)\">\(status) <b>\(count)</b></button>"
        }
        page += "</nav></header>\n<main>\n"
        // Changes first, in this order; by path within a status.
        let order: [CompareEntry.Status] = [.changed, .added, .removed, .unreadable, .unchanged]
        for status in order {
            for file in summary.files where file.status == status && (file.artifacts != nil || file.status != .unchanged) {
                page += Self.card(file)
            }
        }
        let quiet = summary.files.filter { $0.artifacts == nil && $0.status == .unchanged }
        if !quiet.isEmpty {
            page += "<section class=\"file unchanged\" data-status=\"unchanged\"><h2>\(quiet.count) unchanged</h2><ul class=\"quiet\">"
            page += quiet.map { "<li><code>\(Self.escape($0.path))</code></li>" }.joined()
            page += "</ul></section>\n"
        }
        return page + "</main>\n<script>\(Self.script)</script>\n</body></html>\n"
    }

    /// The options beyond the precisions, each after a "· " (empty when none was given).
    var options: String {
        var parts: [String] = []
        if let limit = summary.maxDifferentPixels { parts.append("at most \(limit) failing pixels") }
        if summary.antiAliasing != .strict { parts.append("anti-aliasing \(summary.antiAliasing.rawValue)") }
        if !summary.ignore.isEmpty {
            parts.append("ignoring " + summary.ignore.map { "\($0.x),\($0.y),\($0.width),\($0.height)" }.joined(separator: " "))
        }
        if let mask = summary.mask { parts.append("mask \(mask)") }
        return parts.map { "· " + $0 + " " }.joined()
    }

    private static func card(_ file: CompareSummary.File) -> String {
        var html = "<section class=\"file \(file.status.rawValue)\" data-status=\"\(file.status.rawValue)\">"
        html += "<h2><span class=\"badge \(file.status.rawValue)\">\(file.status.rawValue)</span> <code>\(escape(file.path))</code></h2>"
        html += "<p class=\"figures\">\(escape(figures(file)))</p>"
        guard let artifacts = file.artifacts else { return html + "</section>\n" }
        let size = file.referenceSize ?? file.actualSize
        // Small images are shown enlarged by a whole factor, the same for every panel of the file.
        let widest = max(file.referenceSize?.width ?? 1, file.actualSize?.width ?? 1)
        let zoom = max(1, min(4, 240 / max(1, widest)))
        html += "<div class=\"panels\">"
        if let reference = artifacts.reference { html += panel("reference", reference, size: file.referenceSize, zoom: zoom) }
        if let actual = artifacts.actual { html += panel("actual", actual, size: file.actualSize, zoom: zoom) }
        if let diff = artifacts.diff, let size {
            html += panel("diff", diff, size: size, zoom: zoom, boxes: file.boxes ?? [])
        }
        if let reference = artifacts.reference, let actual = artifacts.actual, file.referenceSize == file.actualSize {
            html +=
                "<figure class=\"wipe\"\(figureStyle(size, zoom: zoom))><figcaption>reference ◀ slide ▶ actual</figcaption>"
                + "<div class=\"frame\(zoom > 1 ? " px" : "")\"><img src=\"\(escape(actual))\" alt=\"actual\">"
                + "<div class=\"top\"><img src=\"\(escape(reference))\" alt=\"reference\"></div></div>"
                + "<input type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"wipe between reference and actual\"></figure>"
        }
        return html + "</div></section>\n"
    }

    /// A figure's width: the image's, times the zoom (the panel's width at most).
    private static func figureStyle(_ size: CompareSummary.Size?, zoom: Int) -> String {
        guard let size else { return "" }
        return " style=\"max-width:\(size.width * zoom + 2)px\""
    }

    private static func panel(
        _ caption: String, _ source: String, size: CompareSummary.Size?, zoom: Int,
        boxes: [CompareSummary.Box] = []
    ) -> String {
        var html =
            "<figure\(figureStyle(size, zoom: zoom))><figcaption>\(escape(caption))</figcaption>"
            + "<div class=\"frame\(zoom > 1 ? " px" : "")\">"
            + "<img src=\"\(escape(source))\" alt=\"\(escape(caption))\">"
        if let size, size.width > 0, size.height > 0 {
            for box in boxes {
                let percent = { (value: Int, total: Int) in String(format: "%.3f%%", Double(value) * 100 / Double(total)) }
                html +=
                    "<span class=\"box\" style=\"left:\(percent(box.x, size.width));top:\(percent(box.y, size.height));"
                    + "width:\(percent(box.width, size.width));height:\(percent(box.height, size.height))\"></span>"
            }
        }
        return html + "</div></figure>"
    }

    /// The figures of one file in words.
    static func figures(_ file: CompareSummary.File) -> String {
        let size = { (s: CompareSummary.Size?) in s.map { "\($0.width)×\($0.height) px" } ?? "" }
        switch file.status {
        case .unreadable: return file.error ?? "unreadable"
        case .added: return "only in actual, " + size(file.actualSize)
        case .removed: return "only in reference, " + size(file.referenceSize)
        case .changed, .unchanged: break
        }
        if file.referenceSize != file.actualSize {
            return "sizes differ: reference \(size(file.referenceSize)), actual \(size(file.actualSize))"
        }
        var parts = [size(file.referenceSize)]
        if let differing = file.differingPixelCount, let pixels = file.pixelCount {
            parts.append("\(differing) of \(pixels) pixels differ (\(percent(file.differingShare)))")
        }
        if let regionError = file.regionError { parts.append("not compared: " + regionError) }
        if let failing = file.failingPixelCount { parts.append("\(failing) fail (\(percent(file.failingShare)))") }
        if let antiAliased = file.antiAliasedPixelCount, antiAliased > 0 { parts.append("\(antiAliased) look like anti-aliasing") }
        if let ignored = file.ignoredPixelCount, ignored > 0 {
            parts.append("\(ignored) ignored, \(file.ignoredDifferingPixelCount ?? 0) of them differ")
        }
        if let worst = file.worstDeltaE, let p99 = file.p99DeltaE {
            parts.append(String(format: "worst ΔE %.2f · p99 ΔE %.2f", worst, p99))
        }
        if let boxes = file.boxes, !boxes.isEmpty { parts.append("\(boxes.count) region\(boxes.count == 1 ? "" : "s")") }
        return parts.joined(separator: " · ")
    }

    private static func percent(_ share: Double?) -> String {
        let value = (share ?? 0) * 100
        return String(format: value >= 10 ? "%.1f%%" : value >= 0.01 || value == 0 ? "%.2f%%" : "%.4f%%", value)
    }
}
