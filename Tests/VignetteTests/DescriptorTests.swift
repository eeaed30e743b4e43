import Foundation
import Testing
import VignetteCatalog
import VignetteTestSupport

@testable import Vignette

// The app-wide names as a client app defines them — here by forwarding to the
// demo's — next to `import VignetteCatalog`, which no longer claims them.
// RemoteSurfaceTests uses them unqualified.
extension ImageDescriptor where Reference == NamedImage {
    static var loading: Self { DemoImages.loading }
    static var failure: Self { DemoImages.failure }
}

extension ImageDescriptor where Reference == URL {
    static func productImage(_ url: URL) -> Self { DemoImages.productImage(url) }
}

@Suite struct DescriptorTests {
    @Test func mapKeepsPresentation() throws {
        let remote = ImageDescriptor<URL>.productImage(URL(string: "https://example.com/p/1.png")!)
        #expect(remote.contentMode == .aspectFill && remote.accessibilityIdentifier == "productImage")
        let local = remote.map { _ in TestImages.solid(2, 2) }
        #expect(local.contentMode == remote.contentMode)
        #expect(local.background == remote.background)
        #expect(local.accessibilityIdentifier == remote.accessibilityIdentifier)
        #expect(local.reference.width == 2)
    }

    @Test func modifiersReturnChangedCopies() throws {
        let base = DemoImages.featureIcon(.addressBook)
        let red = base.tint(DemoImages.Palette.red).contentMode(.topLeft).accessibilityIdentifier("x").background(nil)
        #expect(base.tint == DemoImages.Palette.darkGray && base.contentMode == .center)
        #expect(red.tint == DemoImages.Palette.red && red.contentMode == .topLeft && red.accessibilityIdentifier == "x")
        #expect(red.background == nil)
        #expect(red != base)
        #expect(Set([base, base, red]).count == 2)
    }

    @Test func appWideDescriptorsFollowTheSeed() {
        let loading = DemoImages.loading
        #expect(loading.contentMode == .center && loading.accessibilityIdentifier == "loadingImage")
        #expect(loading.background == DemoImages.Palette.lightGray && loading.tint == DemoImages.Palette.gray)
        let failure = DemoImages.failure
        #expect(failure.tint == DemoImages.Palette.red && failure.background == DemoImages.Palette.lightRed)
        #expect(failure.accessibilityIdentifier == "failureImage")
        #expect(DemoImages.logo.reference.name == "logo")
        // The client's unqualified names reach the same descriptors.
        let client: ImageDescriptor<NamedImage> = .loading
        #expect(client == loading)
    }

    @Test func descriptionNamesTheParts() {
        let d = ImageDescriptor(TestImages.solid(3, 2, scale: 2), contentMode: .center, tint: .black, accessibilityIdentifier: "i")
        #expect(d.description == "ImageDescriptor(Bitmap(3x2 @2x), contentMode: center, tint: #000000FF, id: i)")
    }

    @Test(arguments: [
        ("icon@2x.png", 2.0), ("dir/icon@3x.png", 3), ("icon.png", 1), ("a@b/icon.png", 1), ("x@0x.png", 1), ("x@2x.tar.png", 1),
        ("photo.final@2x.png", 2), ("@2x.png", 2), ("x@17x.png", 1)
    ])
    func fileNameScale(name: String, scale: Double) {
        #expect(ImageScale.fromFileName(name) == scale)
    }

    @Test func catalogEntriesHaveUniqueIdentifiersAndRender() throws {
        let entries = try Catalog.entries()
        #expect(entries.count >= 30)
        #expect(Set(entries.map(\.identifier)).count == entries.count)
        for mode in ContentMode.allCases {
            #expect(entries.contains { $0.descriptor.contentMode == mode }, "catalog lacks \(mode)")
        }
        for scale in [1.0, 2, 3] { #expect(entries.contains { $0.scale == scale }) }
    }
}
