import Foundation
import Testing

@testable import VignetteCore

/// The resolved tree a document builds once: kinds, parsed declarations,
/// effects and geometry, the id table, and equality by what was read.
@Suite struct SVGTreeTests {
    static func document(_ body: String) throws -> SVGDocument {
        try SVGDocument(data: Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\#(body)</svg>"#.utf8))
    }

    @Test func aNodeHoldsItsElementParsed() throws {
        let svg = try Self.document(
            #"<rect id="r" x="1" y="2" width="50%" height="3" transform="translate(3 4)" clip-path="url(#c)" style="fill: red; stroke-width: 2; mix-blend-mode: multiply; isolation: isolate"/>"#
        )
        let node = try #require(svg.table.nodes["r"])
        #expect(node.kind == .shape)
        #expect(node.transform == .translation(3, 4))
        #expect(node.effects.clip == "c" && node.effects.blend == .multiply && node.effects.isolated && node.effects.needsLayer)
        #expect(node.declarations.properties.contains(.fill(.color(SVGColor(red: 255, green: 0, blue: 0)))))
        #expect(node.declarations.properties.contains(.strokeWidth(SVGLength(value: 2))))
        // A percentage waits for the viewport it is drawn in.
        guard case .rect(_, _, let width?, _, _, _) = node.geometry else {
            Issue.record("\(String(describing: node.geometry))")
            return
        }
        #expect(width == SVGLength(value: 50, isPercentage: true))
        #expect(node.geometry?.path(in: (10, 10))?.controlBounds?.max == Vector2(x: 6, y: 5))
        #expect(node.geometry?.path(in: (20, 10))?.controlBounds?.max == Vector2(x: 11, y: 5))
    }

    @Test func kindsComeFromNames() throws {
        let svg = try Self.document(
            ##"<g id="g"/><defs id="d"/><symbol id="s"/><text id="t">a</text><foo id="f"/><switch id="w"/><svg id="v"/><use id="u" href="#g"/>"##)
        let kinds = ["g", "d", "s", "t", "f", "w", "v", "u"].map { svg.table.nodes[$0]?.kind }
        #expect(kinds == [.group, .resource, .symbol, .text, .other, .switchGroup, .viewport, .use])
    }

    @Test func theFirstElementWithAnIdIsTheOneReferencesReach() throws {
        let svg = try Self.document(#"<rect id="a" width="1" height="1"/><circle id="a" r="1"/>"#)
        #expect(svg.table.nodes["a"]?.element.name == "rect" && svg.table.elements["a"]?.name == "rect")
    }

    /// Declarations apply in one fixed order (by name), so a longhand always
    /// lands after its shorthand, whatever order a dictionary would walk them in.
    @Test func aLonghandAppliesAfterItsShorthand() throws {
        for _ in 0..<8 {
            let svg = try Self.document(#"<text id="t" style="font-weight: 300; font: bold 20px Sans">a</text>"#)
            let node = try #require(svg.table.nodes["t"])
            let style = SVGStyle.computed(node.declarations, parent: SVGStyle(), viewport: (10, 10))
            #expect(style.text.weight == 300 && style.text.families == ["Sans"])
        }
    }

    /// Equal and hashed by what they were read from: the tree derived from it takes no part.
    @Test func documentsReadFromTheSameBytesAreEqual() throws {
        let a = try Self.document(#"<circle cx="5" cy="5" r="4"/>"#)
        let b = try Self.document(#"<circle cx="5" cy="5" r="4"/>"#)
        let c = try Self.document(#"<circle cx="5" cy="5" r="3"/>"#)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
    }
}
