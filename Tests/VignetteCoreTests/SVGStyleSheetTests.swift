import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// `<style>` sheets: which selectors match, which rule wins, and what is skipped.
@Suite struct SVGStyleSheetTests {
    /// The fill each of the file's `rect`s gets, in document order (nil: none from the sheet).
    static func fills(_ css: String, _ body: String) throws -> [String?] {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg"><style>\#(css)</style>\#(body)</svg>"#
        var fills: [String?] = []
        try SVGDocument(data: Data(svg.utf8)).root.forEachDescendant { element in
            guard element.name == "rect" else { return }
            fills.append(SVGStyle.declarations(element.attributes["style"] ?? "").last { $0.0 == "fill" }?.1)
        }
        return fills
    }

    /// `[a]` needs the attribute, `[a=v]` its exact value, bare or quoted (spaces and `>` inside quotes kept).
    @Test func attributeSelectors() throws {
        let css = #"[data-k] { fill: gray } [data-k=warn] { fill: orange } rect[data-k="a > b"] { fill: teal } [data-k='x y'] { fill: navy }"#
        let body = #"<rect data-k="info"/><rect data-k="warn"/><rect data-k="a > b"/><rect data-k="x y"/><rect data-k="Warn"/><rect/>"#
        #expect(try Self.fills(css, body) == ["gray", "orange", "teal", "navy", "gray", nil])
    }

    /// An attribute test counts as a class: `[a].c` beats `.c` whatever the order; equal ones go by order.
    @Test func attributeSpecificity() throws {
        let css = ".c { fill: blue } rect[data-k] { fill: green } [data-k].c { fill: red } .c { fill: yellow }"
        #expect(try Self.fills(css, #"<rect class="c"/><rect class="c" data-k=""/><rect data-k="1"/>"#) == ["yellow", "red", "green"])
        #expect(try Self.fills("[data-k] { fill: red } .c { fill: blue }", #"<rect class="c" data-k=""/>"#) == ["blue"])
    }

    /// `>` matches a direct child only; a descendant combinator any depth.
    @Test func childAndDescendantCombinators() throws {
        let css = "g > rect { fill: red } g g rect { fill: blue } svg>g>g>rect{fill:green}"
        let body = #"<g><rect/><g><rect/></g><a><rect/></a></g>"#
        #expect(try Self.fills(css, body) == ["red", "green", nil])
    }

    /// Other selectors (operators like `~=`, pseudo-classes, sibling combinators) skip their rule, not the sheet.
    @Test func unsupportedSelectorsSkipTheirRuleOnly() throws {
        let css = #"[data-k~="a"] { fill: red } rect:first-child { fill: red } g + rect { fill: red } [data-k { fill: red } rect { fill: gray }"#
        #expect(try Self.fills(css, #"<g/><rect data-k="a"/>"#) == ["gray"])
    }
}
