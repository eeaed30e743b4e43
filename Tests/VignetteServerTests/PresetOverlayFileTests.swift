import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// Overlay files of presets: relative to the configuration file, decoded
/// once when the presets load (a missing or broken file stops the server,
/// naming it), and the descriptor a preset makes carries every property.
@Suite struct PresetOverlayFileTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-presets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("badges"), withIntermediateDirectories: true)
        return url
    }

    @Test func overlayFilesAreRelativeToTheConfigurationAndDecodedAtLoad() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.iconPNG.write(to: folder.appendingPathComponent("badges/sale@2x.png"))
        let yaml = """
            presets:
              card:
                contentMode: aspectFill
                shape: circle
                border: {width: 2, color: "#FFFFFF"}
                overlays: [{file: badges/sale@2x.png, position: bottom-right, offset: "-4,-4", opacity: 0.5}]
                effects: [grayscale]
                background: "blur:6"
                enlarge: false
                focus: top
            """
        let path = folder.appendingPathComponent("serve.yaml").path
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        let configuration = try ServerConfiguration(contentsOfFile: path)
        let file = try #require(configuration.presets["card"]?.overlays.first?.file)
        #expect(file == folder.appendingPathComponent("badges/sale@2x.png").path)
        let presets = try Presets(definitions: configuration.presets)
        // The file is read once: removing it now changes nothing.
        try FileManager.default.removeItem(atPath: file)
        let url = URL(string: "https://cdn.example.com/a.jpg")!
        let descriptor = try #require(presets["card"]).descriptor(url)
        #expect(descriptor.reference == url && descriptor.contentMode == .aspectFill && descriptor.accessibilityIdentifier == "card")
        #expect(descriptor.shape == .circle && descriptor.border == Border(width: 2, color: Color(red: 255, green: 255, blue: 255)))
        #expect(descriptor.effects == [.grayscale] && descriptor.backdrop == .blurredImage(sigma: 6) && descriptor.focus == .anchor(.top))
        #expect(descriptor.sizing == Sizing(enlarge: false))
        let overlay = try #require(descriptor.overlays.first)
        #expect(descriptor.overlays.count == 1 && overlay.anchor == .bottomRight && overlay.offset == Point(x: -4, y: -4))
        #expect(overlay.opacity == 0.5 && overlay.size == nil && !overlay.tiled)
        // Decoded like any image file: 32 px at @2x from its name.
        let bitmap = try overlay.descriptor.reference.bitmap(forScale: 1)
        #expect(bitmap.width == 32 && bitmap.scale == 2)
        #expect(presets["card"]?.allowSizing == false)
    }

    @Test func aMissingOrBrokenOverlayFileIsAConfigurationErrorNamingIt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.png").path
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: broken))
        let missing = folder.appendingPathComponent("missing.png").path
        for file in [missing, broken] {
            var definition = PresetDefinition()
            definition.overlays = [OverlayDefinition(file: file)]
            #expect {
                _ = try RenderService(configuration: ServerConfiguration.testing { $0.presets["badge"] = definition })
            } throws: { error in
                "\(error)".hasPrefix("presets.badge.overlays[0].file: \(file): ")
            }
        }
    }

    @Test func swiftPresetsCarryTheWholeDescriptorAndAllowSizing() throws {
        var presets = Presets()
        presets.register("avatar", allowSizing: true) { url in
            ImageDescriptor(url, contentMode: .aspectFill).shape(.circle).border(Border(width: 1, color: .black)).focus(.smart)
        }
        presets.register("plain") { ImageDescriptor($0) }
        let url = URL(string: "https://cdn.example.com/a.jpg")!
        let avatar = try #require(presets["avatar"])
        #expect(avatar.allowSizing && presets["plain"]?.allowSizing == false)
        #expect(avatar.descriptor(url).shape == .circle && avatar.descriptor(url).focus == .smart)
    }

    @Test func anInvalidPresentationInSwiftFieldsIsRefusedAtLoad() {
        var definition = PresetDefinition()
        definition.effects = [.blur(sigma: 1000)]
        #expect {
            _ = try Presets(definitions: ["soft": definition])
        } throws: { error in
            "\(error)".hasPrefix("presets.soft: ")
        }
    }
}
