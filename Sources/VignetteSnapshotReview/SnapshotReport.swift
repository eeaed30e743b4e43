import Foundation

/// The last run for CI: JUnit XML (one test case per asserted snapshot, a
/// failure per changed or new one, obsolete references as skipped) and a
/// Markdown table for a job summary, both naming the artifact files.
package struct SnapshotReport {
    package let review: SnapshotReview
    /// Prefixed to every artifact path in the Markdown links (e.g. the URL of
    /// the uploaded artifacts); empty: the paths as they are, relative to the package.
    package var linkBase = ""

    package init(review: SnapshotReview) { self.review = review }

    /// 1 when a snapshot changed or is new (what fails a test run), else 0.
    package var status: Int32 { review.entries.contains { $0.kind == .changed || $0.kind == .new } ? 1 : 0 }

    /// The files to look at for one entry, as paths relative to the package.
    package func artifacts(_ entry: SnapshotReview.Entry) -> [(name: String, path: String)] {
        var files: [(String, String)] = []
        let artifacts = URL(fileURLWithPath: review.folders.artifacts, isDirectory: true)
        switch entry.kind {
        case .changed, .new:
            files.append(("actual", review.folders.artifacts + "/" + entry.path))
            if entry.kind == .changed { files.append(("reference", review.folders.snapshots + "/" + entry.path)) }
            if entry.hasDiff {
                files.append(("diff", relative(SnapshotRunFormat.failureFile("diff", of: entry.path, in: artifacts).path)))
            }
            let sideBySide = SnapshotRunFormat.failureFile("side-by-side", of: entry.path, in: artifacts).path
            if FileManager.default.fileExists(atPath: sideBySide) { files.append(("side by side", relative(sideBySide))) }
        case .recorded, .obsolete:
            files.append(("reference", review.folders.snapshots + "/" + entry.path))
        }
        return files
    }

    /// Why an entry is listed, in words.
    package static func reason(_ entry: SnapshotReview.Entry) -> String {
        switch entry.kind {
        case .changed: entry.figures?.words ?? "does not match its reference"
        case .new: "no reference: accept the actual to record it"
        case .recorded: "a missing reference, recorded by the run"
        case .obsolete: "no test asserted it in the last complete run"
        }
    }

    /// JUnit XML, as CI systems display test results.
    package var junit: String {
        let failures = review.entries.filter { $0.kind == .changed || $0.kind == .new }
        let obsolete = review.entries.filter { $0.kind == .obsolete }
        let byPath = Dictionary(review.entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let cases = Set(review.run.asserted).union(obsolete.map(\.path)).sorted()
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"vignette-snapshots\" tests=\"\(cases.count)\" failures=\"\(failures.count)\" skipped=\"\(obsolete.count)\">\n"
        xml +=
            "  <testsuite name=\"snapshots\" tests=\"\(cases.count)\" failures=\"\(failures.count)\" skipped=\"\(obsolete.count)\">\n"
        for path in cases {
            let suite = path.split(separator: "/").dropLast().joined(separator: ".")
            let name = String(path.split(separator: "/").last ?? "")
            xml += "    <testcase classname=\"\(HTML.escape(suite))\" name=\"\(HTML.escape(name))\" file=\"\(HTML.escape(path))\""
            guard let entry = byPath[path], entry.kind != .recorded else {
                xml += "/>\n"
                continue
            }
            let files = artifacts(entry).map { "\($0.name): \($0.path)" }.joined(separator: "\n")
            let message = HTML.escape(Self.reason(entry))
            if entry.kind == .obsolete {
                xml += ">\n      <skipped message=\"obsolete reference: \(message)\"/>\n    </testcase>\n"
            } else {
                xml += ">\n      <failure message=\"\(entry.kind.rawValue): \(message)\" type=\"\(entry.kind.rawValue)\">"
                xml += HTML.escape(files) + "</failure>\n    </testcase>\n"
            }
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    /// A Markdown table for a CI job summary.
    package var markdown: String {
        let counts = SnapshotReview.Entry.Kind.allCases.map { kind in (kind, review.entries.filter { $0.kind == kind }.count) }
        var text = "### Snapshots: \(review.run.asserted.count) asserted"
        text += counts.filter { $0.1 > 0 }.map { " · \($0.1) \($0.0.rawValue)" }.joined() + "\n\n"
        if review.entries.isEmpty { return text + "Every snapshot matches its reference.\n" }
        text += "| status | snapshot | figures | files |\n| --- | --- | --- | --- |\n"
        for entry in review.entries {
            let links = artifacts(entry).map { "[\($0.name)](\(linkBase)\($0.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0.path))" }
            text += "| \(entry.kind.rawValue) | `\(entry.path)` | \(Self.markdownEscape(Self.reason(entry))) | \(links.joined(separator: " · ")) |\n"
        }
        if let reason = review.obsoleteUndecided { text += "\nObsolete references not listed: \(Self.markdownEscape(reason)).\n" }
        return text + "\nReview and accept locally: `swift package --allow-writing-to-package-directory vignette-snapshots review`.\n"
    }

    /// A table cell's text: pipes, brackets and HTML escaped.
    package static func markdownEscape(_ text: String) -> String {
        var out = ""
        for character in text {
            if "|[]()<>*_`\\".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// A path under the package, as given (the artifacts folder is relative unless set absolute).
    private func relative(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }
}

/// Text safe inside an HTML or XML element or a quoted attribute.
package enum HTML {
    static let entities: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]

    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let entity = entities[scalar] { out += entity } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
