import Foundation
import Testing
import VignetteSnapshotReview

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `report`: JUnit XML and the Markdown job summary.
@Suite struct SnapshotReportTests {
    @Test func junitHasACasePerAssertedSnapshotAFailurePerChangedOrNewOne() throws {
        let folder = try RunFolder()
        defer { folder.remove() }
        let report = SnapshotReport(review: try folder.review())
        let xml = report.junit
        #expect(report.status == 1)
        #expect(xml.contains(#"<testsuites name="vignette-snapshots" tests="5" failures="2" skipped="1">"#))
        #expect(xml.contains(#"<testcase classname="Suite" name="passed.1.png" file="Suite/passed.1.png"/>"#))
        #expect(xml.contains(#"<failure message="changed: 12 of 64 pixels differ · 5 fail (7.81%)"#))
        #expect(xml.contains("worst ΔE 7.50 · p99 ΔE 7.25"))
        #expect(xml.contains(#"<failure message="new: no reference"#))
        #expect(xml.contains(#"<skipped message="obsolete reference"#))
        #expect(xml.contains("diff: ") && xml.contains("/.vignette-run/images/Suite/changed.1.diff.png"))
        let document = try XMLDocument(xmlString: xml)
        #expect(try document.nodes(forXPath: "//testcase").count == 5)
    }

    @Test func markdownIsATableLinkingTheArtifacts() throws {
        let folder = try RunFolder()
        defer { folder.remove() }
        var report = SnapshotReport(review: try folder.review())
        report.linkBase = "https://ci.example/artifacts/"
        let text = report.markdown
        #expect(text.hasPrefix("### Snapshots: 4 asserted · 1 changed · 1 new · 1 recorded · 1 obsolete\n"))
        #expect(text.contains("| status | snapshot | figures | files |"))
        #expect(text.contains("| changed | `Suite/changed.1.png` | 12 of 64 pixels differ"))
        #expect(text.contains("[actual](https://ci.example/artifacts/"))
        #expect(text.contains("| obsolete | `Old/gone.1.png` |"))
    }

    @Test func aCleanRunSaysSoAndExitsZero() throws {
        let folder = try RunFolder()
        defer { folder.remove() }
        for name in ["failed-7.txt", "recorded-7.txt"] { try FileManager.default.removeItem(at: folder.meta.appendingPathComponent(name)) }
        try FileManager.default.removeItem(at: folder.snapshots.appendingPathComponent("Old"))
        let report = SnapshotReport(review: try folder.review())
        #expect(report.status == 0)
        #expect(report.markdown.contains("Every snapshot matches its reference."))
        #expect(report.junit.contains(#"failures="0" skipped="0""#))
    }

    @Test func markdownCellsEscapeWhatATableWouldBreakOn() {
        #expect(SnapshotReport.markdownEscape("a|b [c](d) <e>") == #"a\|b \[c\]\(d\) \<e\>"#)
    }
}
