import Foundation
import Testing
import Vignette

@testable import VignetteCatalog

/// The catalog's presentation page and the contact sheet's labels.
@Suite struct CatalogPresentationTests {
    @Test func thePresentationPageHasEveryPropertyAloneAndCombined() throws {
        let entries = try Catalog.entries().filter { $0.page == .presentation }
        let ids = entries.map(\.identifier)
        for part in [
            "focus-", "shape-", "border", "overlay-", "effect-", "backdrop-", "sizing-", "combined-avatar", "combined-card", "combined-letterbox",
            "text-product-card", "text-open-graph", "text-open-graph-rtl", "text-watermark"
        ] {
            #expect(ids.contains { $0.contains(part) }, "no presentation entry for \(part)")
        }
        #expect(Set(ids).count == ids.count, "identifiers are unique")
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-@")
        for id in ids { #expect(id.allSatisfy(safe.contains), "\(id) is not a safe file name") }
        let avatar = try #require(entries.first { $0.identifier.contains("combined-avatar") }).descriptor
        #expect(avatar.shape == .circle && avatar.border != nil && avatar.overlays.count == 1)
        #expect(avatar.overlays.allSatisfy { !$0.clipsToShape }, "the avatar's badge sits on the circle's edge, whole")
        let letterbox = try #require(entries.first { $0.identifier.contains("combined-letterbox") }).descriptor
        #expect(letterbox.backdrop == .blurredImage(sigma: 12) && letterbox.contentMode == .aspectFit)
    }

    /// The combined avatar's badge (28 pt, 4 pt inside the bottom-right
    /// corner) straddles the circle's edge: its part outside the circle is
    /// drawn, not cut into a quarter.
    @Test func theAvatarsBadgeIsWhole() throws {
        let entry = try #require(try Catalog.entries().first { $0.identifier.contains("combined-avatar") })
        let out = try ImageRenderer.render(entry.descriptor, size: entry.size, scale: entry.scale)
        // (110, 110) pt: 11 pt from the badge's centre (102, 102), 71 pt from the circle's centre (radius 60).
        #expect(out[220, 220].alpha == 255)
        #expect(out[8, 8].alpha == 0, "outside the circle and the badge, the surface is still clipped")
    }

    @Test func thePageListsOnlyPresentationEntriesWithWhatTheySet() throws {
        let entries = try Catalog.entries()
        let html = CatalogPresentationPage.html(
            entries: entries, rendered: entries.map { _ in (PixelSize(width: 10, height: 20), 123) })
        for entry in entries {
            #expect(html.contains(entry.identifier) == (entry.page == .presentation), "\(entry.identifier)")
        }
        #expect(html.contains("shape: circle") && html.contains("backdrop: blur:12"))
        let index = CatalogIndex.html(entries: entries, byteCounts: entries.map { _ in 1 }, sheet: Bitmap(width: 1, height: 1))
        #expect(!index.contains("presentation-combined-avatar") && index.contains("presentation.html"))
    }

    @Test func labelsWrapToTwoLinesOfTheCellsWidth() throws {
        let line = try ContactSheet.label("A").height
        let two = try ContactSheet.label("A\nA").height
        #expect(try ContactSheet.labelHeight() == 4 + two)
        #expect(two == 30, "two lines of Noto Sans at 11 px: 2 × 14.98, rounded up")
        let short = try ContactSheet.label("logo@2x")
        #expect(short.width == ContactSheet.cell && short.height == line, "a short label is one line")
        let long = "presentation-combined-letterbox-with-a-very-long-tail-that-cannot-fit-in-two-lines-of-a-cell@2x"
        let wrapped = try ContactSheet.label(long)
        #expect(wrapped.width == ContactSheet.cell && wrapped.height == two, "cut to two lines")
        #expect(try ContactSheet.label(long + " and more") == wrapped, "what does not fit is left out (the second line ends in …)")
    }

    @Test func eachCellIsLabelledUnderneathInInk() throws {
        let tile = Bitmap(width: 4, height: 4, fill: .white)
        let sheet = try ContactSheet.make([(tile, false, "A"), (tile, false, "")])
        func inked(column: Int) throws -> Int {
            let left = ContactSheet.gutter + column * (ContactSheet.cell + ContactSheet.gutter)
            let top = ContactSheet.gutter + ContactSheet.cell
            var count = 0
            for y in top..<(top + (try ContactSheet.labelHeight())) {
                for x in left..<(left + ContactSheet.cell) where sheet[x, y] != ContactSheet.paper.premultiplied {
                    count += 1
                }
            }
            return count
        }
        #expect(try inked(column: 0) > 10, "the first cell's label is drawn")
        #expect(try inked(column: 1) == 0, "an empty label draws nothing")
    }
}
