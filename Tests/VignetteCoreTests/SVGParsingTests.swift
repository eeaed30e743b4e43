import Foundation
import Testing

@testable import VignetteCore

/// Reading SVG: the XML a hostile file could abuse is refused with a typed
/// error, every budget names its limit, and path data is drawn up to its
/// first error as the spec asks.
@Suite struct SVGParsingTests {
    static func document(_ text: String, limits: SVGDocument.Limits = .standard) throws(SVGDocument.Error) -> SVGDocument {
        try SVGDocument(data: Data(text.utf8), limits: limits)
    }

    static let svg = #"xmlns="http://www.w3.org/2000/svg""#

    @Test func entityDefinitionsAreRefused() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <svg \(Self.svg)><text>&lol2;</text></svg>
            """
        #expect(throws: SVGDocument.Error.documentTypeDefinition(offset: 22)) { try Self.document(laughs) }
        #expect {
            try Self.document("<svg \(Self.svg)><text>&xxe;</text></svg>")
        } throws: { error in
            guard case .undefinedEntity(_, let name) = error as? SVGDocument.Error else { return false }
            return name == "xxe"
        }
    }

    @Test func aPublicDoctypeWithoutSubsetIsAccepted() throws {
        let text =
            #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg "#
            + Self.svg + #" width="2" height="2"/>"#
        #expect(try Self.document(text).size == Size(width: 2, height: 2))
    }

    @Test func predefinedEntitiesAndCharacterReferencesExpand() throws {
        let root = try SVGXMLReader.parse(Array("<svg a=\"&lt;&#65;&#x42;&amp;\">x&gt;<![CDATA[<y>]]></svg>".utf8), limits: .standard)
        #expect(root.attributes["a"] == "<AB&" && root.text == "x><y>")
    }

    @Test(arguments: [
        "<svg \(svg)><g></svg>", "<svg \(svg) a=\"1\" a=\"2\"/>", "<svg \(svg)>", "", "<svg \(svg)/><svg/>", "<svg \(svg) a=1/>"
    ])
    func malformedXMLIsRefused(_ text: String) {
        #expect {
            try Self.document(text)
        } throws: { error in
            if case .malformedXML = error as? SVGDocument.Error { return true }
            return false
        }
    }

    @Test func theRootMustBeSVG() {
        #expect(throws: SVGDocument.Error.notSVG(root: "html")) { try Self.document("<html/>") }
    }

    @Test func budgetsNameTheirLimit() {
        var limits = SVGDocument.Limits.standard
        limits.maxElements = 3
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxElements", value: 4)) {
            try Self.document("<svg \(Self.svg)><g/><g/><g/></svg>", limits: limits)
        }
        limits = .standard
        limits.maxDepth = 3
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxDepth", value: 4)) {
            try Self.document("<svg \(Self.svg)><g><g><g/></g></g></svg>", limits: limits)
        }
        limits = .standard
        limits.maxBytes = 10
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxBytes", value: 41)) {
            try Self.document("<svg \(Self.svg)/>", limits: limits)
        }
    }

    /// A file asking for a billion pixels is refused before anything is allocated.
    @Test func aHugeSizeIsRefusedBeforeAllocating() throws {
        let huge = try Self.document("<svg \(Self.svg) width=\"1e9\" height=\"1e9\"/>")
        #expect(huge.size == Size(width: 1e9, height: 1e9))
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxPixels", value: 1_000_000_000 * 1_000_000_000)) {
            try huge.render(width: 1_000_000_000, height: 1_000_000_000)
        }
        // Two canvases and one row of coverage differences.
        let planned = 4 * 4 * 4 * 2 + 6 * 4
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "MemoryBudget", value: planned)) {
            try huge.render(width: 4, height: 4, budget: MemoryBudget(bytes: 64))
        }
        // What is left bounds one shape's edges: a square's two fit in four, a circle's many do not.
        let budget = MemoryBudget(bytes: planned + 4 * CoverageRaster.edgeBytes)
        let square = try Self.document("<svg \(Self.svg) width=\"4\" height=\"4\"><rect width=\"4\" height=\"4\"/></svg>")
        #expect(try square.render(width: 4, height: 4, budget: budget)[2, 2].alpha == 255)
        let circle = try Self.document("<svg \(Self.svg) width=\"4\" height=\"4\"><circle cx=\"2\" cy=\"2\" r=\"2\"/></svg>")
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "MemoryBudget", value: 5 * CoverageRaster.edgeBytes)) {
            try circle.render(width: 4, height: 4, budget: budget)
        }
    }

    /// `use` elements that expand exponentially hit the rendered-element budget.
    @Test func aUseBombIsStoppedByItsBudget() throws {
        var text = "<svg \(Self.svg) width=\"4\" height=\"4\"><defs><rect id=\"l0\" width=\"1\" height=\"1\"/>"
        for level in 1...12 {
            text += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
        }
        text += "</defs><use href=\"#l12\"/></svg>"
        var limits = SVGDocument.Limits.standard
        limits.maxRenderedElements = 1_000
        #expect {
            try Self.document(text, limits: limits).render(width: 4, height: 4)
        } throws: { error in
            guard case .limitExceeded(let limit, _) = error as? SVGDocument.Error else { return false }
            return limit == "maxRenderedElements"
        }
    }

    /// The expansion is counted when the file is read, before anything is
    /// drawn: a billion-element bomb in 2 KB is refused with the standard
    /// limits at once, while a symbol used a thousand times is not.
    @Test func aUseBombIsRefusedBeforeDrawing() throws {
        var text = "<svg \(Self.svg) width=\"4\" height=\"4\"><defs><rect id=\"l0\" width=\"1\" height=\"1\"/>"
        for level in 1...9 {
            text += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
        }
        let limit = SVGDocument.Limits.standard.maxRenderedElements
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxRenderedElements", value: limit + 1)) {
            try Self.document(text + "</defs><use href=\"#l9\"/></svg>")
        }
        let icons = "<symbol id=\"s\"><circle r=\"1\"/></symbol>" + String(repeating: "<use href=\"#s\"/>", count: 1_000)
        _ = try Self.document("<svg \(Self.svg) width=\"4\" height=\"4\">\(icons)</svg>").render(width: 4, height: 4)
        // Unused definitions cost nothing: only what is drawn counts.
        _ = try Self.document(text + "</defs></svg>").render(width: 4, height: 4)
    }

    @Test func tooManyDashesAreRefused() {
        let text = "<svg \(Self.svg) width=\"4\" height=\"4\"><path d=\"M0 1 H100000\" stroke=\"red\" stroke-dasharray=\"1\"/></svg>"
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxDashes", value: 10_001)) {
            try Self.document(text).render(width: 4, height: 4)
        }
    }

    /// A `use` that references its own ancestor draws no more than once, and ends.
    @Test func aUseCycleEnds() throws {
        let text = "<svg \(Self.svg) width=\"4\" height=\"4\"><g id=\"a\"><rect width=\"2\" height=\"2\"/><use href=\"#a\" x=\"2\"/></g></svg>"
        let out = try Self.document(text).render(width: 4, height: 4)
        #expect(out[0, 0].alpha == 255)
    }

    @Test func externalReferencesAreNeverFollowed() throws {
        let text = """
            <svg \(Self.svg) xmlns:xi="http://www.w3.org/2001/XInclude" width="2" height="2">
              <use href="file:///etc/passwd#x"/><use href="http://127.0.0.1:9/a.svg#x"/><xi:include href="/etc/passwd"/>
            </svg>
            """
        let document = try Self.document(text)
        let out = try document.render(width: 2, height: 2)
        #expect(out.pixels.allSatisfy { $0 == 0 })
    }

    /// Path data is drawn up to its first error.
    @Test func pathDataStopsAtTheFirstError() {
        let (path, offset) = SVGPathData.parse("M 10 10 L 20 20 L 30 x 40 40")
        #expect(path.elements == [.move(Vector2(x: 10, y: 10)), .line(Vector2(x: 20, y: 20))])
        #expect(offset != nil)
        #expect(SVGPathData.parse("L 1 1").path.elements.isEmpty)
        let (complete, none) = SVGPathData.parse("m1 2 3 4zl1-1h2v.5.5")
        #expect(none == nil)
        #expect(
            complete.elements == [
                .move(Vector2(x: 1, y: 2)), .line(Vector2(x: 4, y: 6)), .close, .move(Vector2(x: 1, y: 2)), .line(Vector2(x: 2, y: 1)),
                .line(Vector2(x: 4, y: 1)), .line(Vector2(x: 4, y: 1.5)), .line(Vector2(x: 4, y: 2))
            ])
    }

    @Test func arcFlagsMayRunTogether() {
        let (path, error) = SVGPathData.parse("M0 0a5 5 0 1010 0")
        #expect(error == nil && path.elements.count > 2)
        if case .cubic(_, _, let end) = path.elements.last { #expect(end == Vector2(x: 10, y: 0)) }
    }

    @Test func intrinsicSizeFollowsWidthHeightThenViewBox() throws {
        #expect(try Self.document("<svg \(Self.svg) viewBox=\"0 0 24 12\" width=\"48\"/>").size == Size(width: 48, height: 24))
        #expect(try Self.document("<svg \(Self.svg) viewBox=\"0 0 24 12\"/>").size == Size(width: 24, height: 12))
        #expect(try Self.document("<svg \(Self.svg) width=\"1in\" height=\"12pt\"/>").size == Size(width: 96, height: 16))
        #expect(try Self.document("<svg \(Self.svg)/>").size == Size(width: 100, height: 100))
    }

    @Test func unsupportedElementsAreReported() throws {
        // Text is drawn; a filter primitive we do not implement makes its filter transparent black.
        let document = try Self.document("<svg \(Self.svg)><text>Hi</text><filter id=\"f\"><feBogus/></filter><rect filter=\"url(#f)\"/></svg>")
        #expect(document.skippedElements == ["feBogus"])
    }
}
