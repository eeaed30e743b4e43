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

    /// Every attribute operator: a word in a list, a language prefix, a start, an end, a substring.
    @Test func attributeOperators() throws {
        let css = #"[data-k~="b"] { fill: red } [lang|=en] { fill: green } [id^="ic"] { fill: blue } [id$='-x'] { fill: gray } [id*=mid] { fill: navy }"#
        let body = #"<rect data-k="a b c"/><rect data-k="ab"/><rect lang="en-US"/><rect lang="eng"/><rect id="icon"/><rect id="a-x"/><rect id="amidb"/>"#
        #expect(try Self.fills(css, body) == ["red", nil, "green", nil, "blue", "gray", "navy"])
    }

    /// `:first-child`, `:last-child`, `:only-child`, each counting as a class.
    @Test func structuralPseudoClasses() throws {
        let css = "rect:first-child { fill: red } rect:last-child { fill: blue } g rect:only-child { fill: green } rect { fill: gray }"
        #expect(try Self.fills(css, "<g><rect/><rect/><rect/></g><g><rect/></g>") == ["red", "gray", "blue", "green"])
    }

    /// `+` takes the sibling just before, `~` any sibling before; both compose with the others.
    @Test func siblingCombinators() throws {
        let css = "circle ~ rect { fill: blue } circle + rect { fill: red } g > circle + rect + rect { fill: green }"
        let body = #"<g><rect/><circle/><rect/><rect/><rect/></g>"#
        #expect(try Self.fills(css, body) == [nil, "red", "green", "blue"])
    }

    /// A statement at-rule ends at its semicolon (the rule after it applies);
    /// comments are dropped in sheets and in `style` attributes alike.
    @Test func atRulesAndComments() throws {
        #expect(try Self.fills("@import url(x.css); @charset 'utf-8'; rect { fill: green }", "<rect/>") == ["green"])
        #expect(try Self.fills("@media print { rect { fill: red } } rect { fill: /* red */ green }", "<rect/>") == ["green"])
        let style = SVGStyle.declarations("fill: /* red; */ green; /* stroke: red */ opacity: .5")
        #expect(style.map(\.0) == ["fill", "opacity"] && style.map(\.1) == ["green", ".5"])
    }

    /// Other selectors (pseudo-elements, other pseudo-classes, broken tests) skip their rule, not the sheet.
    @Test func unsupportedSelectorsSkipTheirRuleOnly() throws {
        let css =
            #"rect:hover { fill: red } rect::before { fill: red } rect:nth-child(1) { fill: red } [data-k { fill: red } + rect { fill: red } rect { fill: gray }"#
        #expect(try Self.fills(css, #"<g/><rect data-k="a"/>"#) == ["gray"])
    }

    /// Descendant combinators backtrack: a selector that can never match over a
    /// deep tree would take exponential time, so the tests count against
    /// `maxCoverageWork` and the file is refused with that limit named.
    @Test func selectorBacktrackingIsBudgeted() throws {
        let css = "x g g g g g g g g g g rect { fill: red }"
        let body = String(repeating: "<g>", count: 100) + "<rect/>" + String(repeating: "</g>", count: 100)
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg"><style>\#(css)</style>\#(body)</svg>"#
        var limits = SVGDocument.Limits.standard
        limits.maxCoverageWork = 100_000
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxCoverageWork", value: 100_001)) {
            try SVGDocument(data: Data(svg.utf8), limits: limits)
        }
        // The same tree with a selector that matches is cheap.
        let cheap = #"<svg xmlns="http://www.w3.org/2000/svg"><style>g g rect { fill: red }</style>\#(body)</svg>"#
        _ = try SVGDocument(data: Data(cheap.utf8), limits: limits)
    }
}
