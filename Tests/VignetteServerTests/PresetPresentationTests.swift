import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// The presentation keys of presets — YAML and Swift — what each parses
/// to, the descriptor a preset makes, overlay files decoded once at load,
/// and errors that name the key (and the file).
@Suite struct PresetPresentationTests {
    static let white = Color(red: 255, green: 255, blue: 255)

    @Test func everyKeyParses() throws {
        let configuration = try ServerConfiguration(
            yaml: """
                presets:
                  card:
                    contentMode: aspectFill
                    focus: "0.3,0.25"
                    shape: rounded
                    cornerRadius: 12
                    border: {width: 2, color: "#FFFFFF"}
                    overlays:
                      - {file: /tmp/sale.png, position: top-right, offset: "-8,8", size: 48x20, opacity: 0.9}
                      - {file: mark.png, tile: true, offset: [4, -2], size: [10, 5], clipsToShape: false}
                    effects: [grayscale, "blur:2", {sharpen: 1.5}]
                    background: ["#EEEEEE", "blur:12"]
                    enlarge: false
                    extend: false
                    extendAspectRatio: true
                    fillDown: true
                    allowSizing: true
                """)
        let card = try #require(configuration.presets["card"])
        #expect(card.focus == .point(x: 0.3, y: 0.25) && card.shape == .roundedRect(cornerRadius: 12))
        #expect(card.border == Border(width: 2, color: Self.white))
        #expect(card.effects == [.grayscale, .blur(sigma: 2), .sharpen(amount: 1.5)])
        #expect(card.background == Color(red: 0xEE, green: 0xEE, blue: 0xEE) && card.backdrop == .blurredImage(sigma: 12))
        #expect(card.sizing == Sizing(enlarge: false, extend: false, extendAspectRatio: true, fillDown: true))
        #expect(card.allowSizing)
        var sale = OverlayDefinition(file: "/tmp/sale.png")
        sale.anchor = .topRight
        sale.offset = Point(x: -8, y: 8)
        sale.size = Size(width: 48, height: 20)
        sale.opacity = 0.9
        var mark = OverlayDefinition(file: "mark.png")
        mark.tiled = true
        mark.offset = Point(x: 4, y: -2)
        mark.size = Size(width: 10, height: 5)
        mark.clipsToShape = false
        #expect(card.overlays == [sale, mark])
        let pixel = ImageDescriptor(Bitmap(width: 1, height: 1)).erased
        #expect(!mark.placed(pixel).clipsToShape && sale.placed(pixel).clipsToShape)
    }

    @Test(arguments: [
        ("shape: circle", ImageShape.circle), ("shape: capsule", .capsule), ("shape: rect", .rectangle),
        ("shape: \"rounded:6\"", .roundedRect(cornerRadius: 6)), ("cornerRadius: 4", .roundedRect(cornerRadius: 4))
    ])
    func shapes(line: String, expected: ImageShape) throws {
        let configuration = try ServerConfiguration(yaml: "presets:\n  a:\n    \(line)\n")
        #expect(configuration.presets["a"]?.shape == expected)
    }

    @Test func singleBackgroundsAndDefaults() throws {
        let configuration = try ServerConfiguration(
            yaml: """
                presets:
                  blurred: {background: "blur:8", border: {width: 1}, focus: smart}
                  plain: {}
                """)
        let blurred = try #require(configuration.presets["blurred"])
        #expect(blurred.backdrop == .blurredImage(sigma: 8) && blurred.background == nil && blurred.focus == .smart)
        #expect(blurred.border == Border(width: 1, color: Color(red: 0, green: 0, blue: 0)))
        #expect(configuration.presets["plain"] == PresetDefinition())
        #expect(PresetDefinition().allowSizing == false && PresetDefinition().sizing == .standard)
    }

    @Test(arguments: [
        ("focus: middle", "presets.a.focus"), ("focus: \"2,0\"", "presets.a.focus"), ("shape: oval", "presets.a.shape"),
        ("shape: rounded", "presets.a.shape"), ("{shape: circle, cornerRadius: 3}", "presets.a.cornerRadius"),
        ("cornerRadius: -1", "presets.a.cornerRadius"), ("border: {color: \"#FFF\"}", "presets.a.border.width"),
        ("border: {width: 1, colour: \"#FFF\"}", "presets.a.border.colour"), ("overlays: {file: a.png}", "presets.a.overlays"),
        ("overlays: [{position: top}]", "presets.a.overlays[0].file"), ("overlays: [{file: a.png, position: middle}]", "presets.a.overlays[0].position"),
        ("overlays: [{file: a.png, offset: \"1\"}]", "presets.a.overlays[0].offset"),
        ("overlays: [{file: a.png, size: \"-1x2\"}]", "presets.a.overlays[0].size"),
        ("overlays: [{file: a.png, opacity: 2}]", "presets.a.overlays[0].opacity"), ("effects: [\"blur:101\"]", "presets.a.effects[0]"),
        ("effects: [sepia]", "presets.a.effects[0]"), ("effects: [{sharpen: 11}]", "presets.a.effects[0]"),
        ("background: \"blur:-1\"", "presets.a.background"), ("background: [\"#FFF\", \"#000\"]", "presets.a.background[1]"),
        ("extendAspectRatio: true", "presets.a.extendAspectRatio"), ("fillDown: true", "presets.a.fillDown"),
        ("enlarge: maybe", "presets.a.enlarge"), ("allowSizing: 1.5", "presets.a.allowSizing")
    ])
    func errorsNameTheKey(line: String, key: String) {
        let yaml = line.hasPrefix("{") ? "presets:\n  a: \(line)\n" : "presets:\n  a:\n    \(line)\n"
        #expect {
            _ = try ServerConfiguration(yaml: yaml)
        } throws: { error in
            "\(error)".hasPrefix(key)
        }
    }

    @Test func theShippedExampleHasPresentationPresets() throws {
        let path = Fixtures.repositoryRoot.appendingPathComponent("examples/serve.yaml").path
        let presets = try ServerConfiguration(contentsOfFile: path).presets
        #expect(presets["avatar"]?.shape == .circle && presets["avatar"]?.focus == .smart)
        #expect(presets["letterbox"]?.backdrop == .blurredImage(sigma: 12) && presets["letterbox"]?.allowSizing == true)
    }

    @Test func tooManyOverlaysAreRefused() {
        let items = Array(repeating: "{file: a.png}", count: ImageOverlay.maxCount + 1).joined(separator: ", ")
        #expect(throws: ServerConfiguration.Error.invalidValue(key: "presets.a.overlays", reason: "at most 16 overlays (17 given)")) {
            _ = try ServerConfiguration(yaml: "presets:\n  a: {overlays: [\(items)]}\n")
        }
    }
}
