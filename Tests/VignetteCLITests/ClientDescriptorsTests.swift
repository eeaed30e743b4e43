import Foundation
import Testing
import Vignette
import VignetteCatalog
import VignetteTesting

// A client app's own app-wide descriptors, with the very names the README
// tells it to define, next to `import VignetteCatalog`. This file compiling is
// the test: the catalog's demo descriptors live in `DemoImages`, so nothing
// here is ambiguous and the unqualified names below are the client's.

extension ImageDescriptor where Reference == URL {
    static func productImage(_ url: URL) -> Self {
        ImageDescriptor(url, contentMode: .aspectFit, accessibilityIdentifier: "client-product")
    }
}

extension ImageDescriptor where Reference == NamedImage {
    static var loading: Self {
        ImageDescriptor(
            NamedImage("spinner", in: DemoImages.bundle), contentMode: .center, tint: .black,
            accessibilityIdentifier: "client-loading")
    }

    static var failure: Self {
        ImageDescriptor(
            NamedImage("failure", in: DemoImages.bundle), contentMode: .center, tint: .black,
            accessibilityIdentifier: "client-failure")
    }
}

@Suite struct ClientDescriptorsTests {
    static let url = URL(string: "https://example.com/p/1.png")!

    @Test func unqualifiedNamesAreTheClients() async throws {
        let surface = try ImageSurface(size: Size(width: 16, height: 16))
        try surface.apply(.loading)
        #expect(surface.accessibilityIdentifier == "client-loading")
        let photo = Bitmap(width: 4, height: 4, fill: .white)
        let loaded = await surface.load(
            .productImage(Self.url), placeholders: .init(loading: .loading, failure: .failure),
            using: FixtureLoader([Self.url: .image(photo)]))
        guard case .loaded = loaded else {
            Issue.record("\(loaded)")
            return
        }
        #expect(surface.accessibilityIdentifier == "client-product" && surface.contentMode == .aspectFit)
        let failed = await surface.load(
            .productImage(Self.url), placeholders: .init(loading: .loading, failure: .failure),
            using: FixtureLoader([Self.url: .httpStatus(404)]))
        guard case .failed = failed else {
            Issue.record("\(failed)")
            return
        }
        #expect(surface.accessibilityIdentifier == "client-failure")
    }

    @Test func theDemoDescriptorsStayReachableByNamespace() {
        let demo = DemoImages.productImage(Self.url)
        #expect(demo.accessibilityIdentifier == "productImage" && demo.contentMode == .aspectFill)
        #expect(ImageDescriptor<URL>.productImage(Self.url).accessibilityIdentifier == "client-product")
        #expect(DemoImages.loading.accessibilityIdentifier == "loadingImage")
    }
}
