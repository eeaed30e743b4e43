import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// A preset registered without a failure placeholder uses the one in force
/// when the render runs — the app's `ImageEnvironment` — not a fixed light
/// red; one registered with its own keeps it.
@Suite struct PresetPlaceholderTests {
    static let appFailure = ImageDescriptor(TestImages.solid(1, 1, color: .black), accessibilityIdentifier: "appFailure")
    static let own = ImageDescriptor(TestImages.solid(1, 1, color: .white), accessibilityIdentifier: "ownFailure")

    @Test func aPresetWithoutAFailurePlaceholderTakesTheEnvironments() {
        var presets = Presets()
        presets.register("plain") { ImageDescriptor($0) }
        presets.register("own", failure: Self.own) { ImageDescriptor($0) }
        let environment = ImageEnvironment(placeholders: ImageSurface.Placeholders.plain.failure(Self.appFailure))
        ImageEnvironment.$override.withValue(environment) {
            #expect(presets["plain"]?.failure == nil)
            #expect(presets["plain"]?.placeholders.failure.accessibilityIdentifier == "appFailure")
            #expect(presets["own"]?.placeholders.failure.accessibilityIdentifier == "ownFailure")
        }
        #expect(presets["plain"]?.placeholders.failure.accessibilityIdentifier == "failureImage")
    }

    @Test func aYAMLPresetWithoutAFailureFileTakesTheEnvironments() throws {
        let configuration = try ServerConfiguration(yaml: "presets: {thumb: {contentMode: aspectFill}}")
        let presets = try Presets(definitions: configuration.presets)
        #expect(presets["thumb"]?.failure == nil)
        ImageEnvironment.$override.withValue(ImageEnvironment(placeholders: ImageSurface.Placeholders.plain.failure(Self.appFailure))) {
            #expect(presets["thumb"]?.placeholders.failure.accessibilityIdentifier == "appFailure")
        }
    }
}
