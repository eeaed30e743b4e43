import Foundation
import Testing
import VignetteCore

/// The presentation beyond UIKit's four is one value that every copy carries whole, and
/// every place in a rectangle is spelled with `Anchor`.
@Suite struct PresentationValueTests {
    /// Every field set to something other than its default.
    static let everyField = ImagePresentation(
        focus: .point(x: 0.25, y: 0.75), shape: .roundedRect(cornerRadius: 6), border: Border(width: 2, color: .black),
        overlays: [ImageOverlay(ImageDescriptor(Bitmap(width: 1, height: 1, fill: .white)).erased, anchor: .topRight)],
        effects: [.grayscale], backdrop: .blurredImage(sigma: 4), sizing: Sizing(enlarge: false))

    @Test func theSampleSetsEveryField() {
        // A field added to ImagePresentation fails here until the sample sets it, so `map` below covers it.
        let fields = Mirror(reflecting: Self.everyField).children.map(\.label)
        let defaults = Mirror(reflecting: ImagePresentation()).children.map { "\($0.value)" }
        let values = Mirror(reflecting: Self.everyField).children.map { "\($0.value)" }
        for (index, label) in fields.enumerated() {
            #expect(values[index] != defaults[index], "ImagePresentation.\(label ?? "?") is at its default in the sample")
        }
    }

    @Test func aDescriptorStoresUIKitsFourAndOnePresentation() {
        // A new stored property outside `presentation` would be a field `map` has to copy by hand.
        let labels = Mirror(reflecting: ImageDescriptor("a")).children.compactMap(\.label)
        #expect(labels == ["reference", "contentMode", "tint", "background", "accessibilityIdentifier", "presentation"])
    }

    @Test func mapCarriesThePresentationWhole() {
        let remote = ImageDescriptor(
            URL(string: "https://cdn.example.com/a.png")!, contentMode: .aspectFill, tint: .white, background: .black,
            accessibilityIdentifier: "hero", presentation: Self.everyField)
        let local = remote.map { _ in Bitmap(width: 2, height: 2, fill: .white) }
        #expect(local.presentation == Self.everyField)
        #expect(local.contentMode == .aspectFill && local.tint == .white && local.background == .black)
        #expect(local.accessibilityIdentifier == "hero")
    }

    @Test func modifiersSetOneFieldOfThePresentation() {
        let built = ImageDescriptor("a").focus(.point(x: 0.25, y: 0.75)).shape(.roundedRect(cornerRadius: 6))
            .border(Border(width: 2, color: .black)).overlays(Self.everyField.overlays).effects([.grayscale])
            .backdrop(.blurredImage(sigma: 4)).sizing(Sizing(enlarge: false))
        #expect(built.presentation == Self.everyField)
        #expect(ImageDescriptor("a").focus(.top).presentation.focus == .anchor(.top))
    }

    /// The nine fixed-size content modes are the nine anchors: each places the image where its anchor lies.
    @Test(arguments: Anchor.allCases)
    func pinnedContentModesAreAnchors(anchor: Anchor) throws {
        let mode = try #require(ContentMode(rawValue: anchor.rawValue))
        #expect(mode.pinnedAnchor == anchor)
        let image = Size(width: 30, height: 10)
        for bounds in [Size(width: 100, height: 50), Size(width: 20, height: 4)] {
            let rect = mode.rect(for: image, in: bounds)
            #expect(rect.size == image)
            #expect(rect.minX == (bounds.width - 30) * anchor.x && rect.minY == (bounds.height - 10) * anchor.y)
        }
        #expect([ContentMode.scaleToFill, .aspectFit, .aspectFill].allSatisfy { $0.pinnedAnchor == nil })
    }
}
