import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// Text and fill overlays of YAML presets: every key parses to the
/// TextStyle the CLI's syntax gives, and each bad key is an error naming it.
@Suite struct PresetTextOverlayTests {
    static func overlays(_ list: String) throws -> [OverlayDefinition] {
        try #require(try ServerConfiguration(yaml: "presets:\n  card:\n    overlays: \(list)\n").presets["card"]).overlays
    }

    @Test func everyTextKeyParses() throws {
        let yaml = """
            presets:
              card:
                overlays:
                  - fill: "#00000096"
                    position: bottom
                    size: 600x140
                  - text: "© Shop"
                    font: "italic bold 14 Noto Sans, Noto Sans Arabic"
                    color: "#FFFFFFAA"
                    position: bottom-right
                    offset: "-8,-8"
                    size: 200x0
                    maxLines: 2
                    align: center
                    minimumSize: 10
                    lineHeight: 1.25
                    letterSpacing: 0.5
                    wordSpacing: 1
                    verticalAlignment: bottom
                    direction: rightToLeft
                    language: ar
                    stroke: {width: 1, color: "#000000"}
                    shadow: {offset: "0,2", blur: 1.5, color: "#00000080"}
                    background: "#D0211B"
                    opacity: 0.9
                    clipsToShape: false
                  - {text: {param: title, maxLength: 120, maxGlyphs: 900, maxLines: 6, required: true}, font: "bold 34"}
            """
        let overlays = try #require(try ServerConfiguration(yaml: yaml).presets["card"]).overlays
        #expect(overlays.count == 3)
        #expect(overlays[0].fill == Color(red: 0, green: 0, blue: 0, alpha: 0x96) && overlays[0].size == Size(width: 600, height: 140))
        #expect(overlays[0].anchor == .bottom && overlays[0].file.isEmpty)
        let mark = overlays[1]
        let text = try #require(mark.text)
        var style = TextStyle()
        try PresentationSyntax.font("italic bold 14 Noto Sans, Noto Sans Arabic", into: &style)
        #expect(text.source == .fixed("© Shop") && text.style.families == style.families && text.style.weight == .bold)
        #expect(text.style.style == .italic && text.style.size == 14)
        #expect(text.style.color == Color(red: 255, green: 255, blue: 255, alpha: 0xAA) && text.style.alignment == .center)
        #expect(text.width == 200 && text.height == nil && mark.size == nil && text.maxLines == 2 && text.minimumSize == 10)
        #expect(text.style.lineHeight == 1.25 && text.style.letterSpacing == 0.5 && text.style.wordSpacing == 1)
        #expect(text.verticalAlignment == .bottom && text.style.direction == .rightToLeft && text.style.language == "ar")
        #expect(text.style.stroke == TextStroke(width: 1, color: .black))
        #expect(text.style.shadow == TextShadow(offset: Point(x: 0, y: 2), blur: 1.5, color: Color(red: 0, green: 0, blue: 0, alpha: 0x80)))
        #expect(text.background == Color(red: 0xD0, green: 0x21, blue: 0x1B))
        #expect(mark.anchor == .bottomRight && mark.offset == Point(x: -8, y: -8) && mark.opacity == 0.9 && !mark.clipsToShape)
        guard case .parameter(let title) = overlays[2].text?.source else {
            Issue.record("no parameter: \(overlays[2])")
            return
        }
        #expect(title.name == "title" && title.maxLength == 120 && title.maxGlyphs == 900 && title.maxLines == 6 && title.required)
        #expect(title.key == "presets.card.overlays[2].text" && title.limits == TextImage.Limits(maxCharacters: 240, maxGlyphs: 900, maxLines: 6))
    }

    @Test func parameterDefaults() throws {
        let overlays = try Self.overlays("[{text: {param: title}}]")
        guard case .parameter(let title) = overlays[0].text?.source else {
            Issue.record("no parameter")
            return
        }
        #expect(title.maxLength == 200 && title.maxGlyphs == nil && title.maxLines == 20 && !title.required)
        #expect(title.limits == TextImage.Limits(maxCharacters: 400, maxGlyphs: 4000, maxLines: 20))
    }

    @Test(arguments: [
        ("[{text: hi, font: \"huge Noto Sans\"}]", "presets.card.overlays[0].font: 'huge Noto Sans': expected"),
        ("[{text: hi, color: red}]", "presets.card.overlays[0].color: 'red' is not a colour"),
        ("[{text: hi, align: middle}]", "presets.card.overlays[0].align: 'middle'"),
        ("[{text: hi, maxLines: 0}]", "presets.card.overlays[0].maxLines: 0 is outside 1...1000"),
        ("[{text: hi, font: \"12\", minimumSize: 20}]", "presets.card.overlays[0].minimumSize: 20 is larger than the font's size 12"),
        ("[{text: hi, lineHeight: 0}]", "presets.card.overlays[0].lineHeight: 0.0 is outside"),
        ("[{text: hi, letterSpacing: many}]", "presets.card.overlays[0].letterSpacing: expected a number"),
        ("[{text: hi, verticalAlignment: middle}]", "presets.card.overlays[0].verticalAlignment: 'middle' is not top, center, bottom"),
        ("[{text: hi, direction: ltr}]", "presets.card.overlays[0].direction: 'ltr' is not automatic, leftToRight, rightToLeft"),
        ("[{text: hi, language: \"a b\"}]", "presets.card.overlays[0].language: 'a b' is not a BCP 47 language tag"),
        ("[{text: hi, stroke: {color: \"#000\"}}]", "presets.card.overlays[0].stroke.width: a stroke needs a width"),
        ("[{text: hi, shadow: {spread: 2}}]", "presets.card.overlays[0].shadow.spread: unknown key"),
        ("[{text: hi, shadow: {offset: up}}]", "presets.card.overlays[0].shadow.offset: expected"),
        ("[{text: hi, background: dark}]", "presets.card.overlays[0].background: 'dark' is not a colour"),
        ("[{text: hi, tiled: true}]", "presets.card.overlays[0].tiled: unknown key"),
        ("[{text: \"\"}]", "presets.card.overlays[0].text: an empty text draws nothing"),
        ("[{text: [a, b]}]", "presets.card.overlays[0].text: expected a string, or {param: NAME"),
        ("[{text: {maxLength: 10}}]", "presets.card.overlays[0].text.param: name the query parameter"),
        ("[{text: {param: \"a b\"}}]", "presets.card.overlays[0].text.param: 'a b' is not a parameter name"),
        ("[{text: {param: url}}]", "presets.card.overlays[0].text.param: 'url' is a parameter of every render"),
        ("[{text: {param: t, maxLength: 0}}]", "presets.card.overlays[0].text.maxLength: 0 is outside 1...5000"),
        ("[{text: {param: t, maxGlyphs: 0}}]", "presets.card.overlays[0].text.maxGlyphs: 0 is outside"),
        ("[{text: {param: t, maxLines: 0}}]", "presets.card.overlays[0].text.maxLines: 0 is outside"),
        ("[{text: {param: t, required: maybe}}]", "presets.card.overlays[0].text.required: expected true or false"),
        ("[{text: {param: t, font: x}}]", "presets.card.overlays[0].text.font: unknown key"),
        ("[{text: hi, file: a.png}]", "presets.card.overlays[0]: an overlay is one of a file, a text or a fill (file and text given)"),
        ("[{fill: \"#000\"}]", "presets.card.overlays[0].size: a fill needs a size WxH"),
        ("[{fill: \"#000\", size: 10x0}]", "presets.card.overlays[0].size: a fill needs a size WxH"),
        ("[{fill: black, size: 10x10}]", "presets.card.overlays[0].fill: 'black' is not a colour"),
        ("[{fill: \"#000\", size: 10x10, font: \"12\"}]", "presets.card.overlays[0].font: unknown key"),
        ("[{position: top}]", "presets.card.overlays[0].file: an overlay needs an image file, a text or a fill colour")
    ])
    func eachBadKeyIsNamed(list: String, message: String) {
        do {
            _ = try Self.overlays(list)
            Issue.record("\(list) was accepted")
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
        }
    }

    @Test func theServingImagesArticlesTextPresetParses() throws {
        let article = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteServer/VignetteServer.docc/ServingImages.md"),
            encoding: .utf8)
        let blocks = article.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let block = try #require(blocks.first { $0.contains("param: title") })
        let og = try #require(try ServerConfiguration(yaml: block).presets["og"])
        #expect(og.overlays.count == 4 && og.overlays.map { $0.text != nil } == [false, true, false, true])
    }

    @Test func aFixedTextThatCannotBeDrawnStopsTheServerNamingIt() {
        var definition = PresetDefinition()
        var text = TextOverlayDefinition(source: .fixed(String(repeating: "a", count: 20_000)))
        text.style.size = 12
        definition.overlays = [OverlayDefinition(text: text)]
        #expect {
            _ = try Presets(definitions: ["mark": definition])
        } throws: { error in
            "\(error)".hasPrefix("presets.mark.overlays[0].text: text of 20000 UTF-16 units is over the limit")
        }
    }
}
