import Foundation
import Testing
import VignetteTestSupport
import VignetteTesting

@testable import Vignette

/// A remote SVG takes a descriptor's tint as its `currentColor`, as a
/// bundled one does: the parts drawn in `currentColor` take the tint, the
/// others keep their colours. A remote bitmap keeps the template tint. The
/// same holds for a memory-cache hit, a future and `resolved`.
@Suite struct RemoteVectorTintTests {
    /// Left half in currentColor, right half fixed red, 8×4 points.
    static let icon = Data(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="8" height="4" viewBox="0 0 8 4">
          <rect width="4" height="4" fill="currentColor"/><rect x="4" width="4" height="4" fill="#FF0000"/>
        </svg>
        """.utf8)
    static let svgURL = URL(string: "https://example.test/icon.svg")!
    static let pngURL = URL(string: "https://example.test/icon.png")!
    static let blue = Color(red: 0, green: 0, blue: 255)

    static func tinted(_ url: URL) -> ImageDescriptor<URL> {
        ImageDescriptor(url, contentMode: .scaleToFill, tint: blue)
    }

    @Test func aRemoteVectorDrawsTheTintAsCurrentColorAndKeepsItsOtherColours() async throws {
        let pipeline = ImagePipeline(loader: Self.origin())
        for attempt in ["network", "memory"] {
            let surface = try ImageSurface(size: Size(width: 8, height: 4))
            let state = await surface.load(Self.tinted(Self.svgURL), using: pipeline)
            if case .loaded = state {} else { Issue.record("\(attempt): \(state)") }
            #expect(surface.response?.source.description == attempt)
            let image = surface.render()
            #expect(image.color(x: 1, y: 2) == Self.blue, "\(attempt): currentColor takes the tint")
            #expect(image.color(x: 6, y: 2) == Color(red: 255, green: 0, blue: 0), "\(attempt): red stays red")
        }
    }

    @Test func aRemoteBitmapKeepsTheTemplateTint() async throws {
        let surface = try ImageSurface(size: Size(width: 8, height: 4))
        await surface.load(Self.tinted(Self.pngURL), using: ImagePipeline(loader: Self.origin()))
        let image = surface.render()
        #expect(image.color(x: 1, y: 2) == Self.blue && image.color(x: 6, y: 2) == Self.blue)
    }

    @Test func aFutureAndResolvedDrawTheVectorTheSameWay() async throws {
        let pipeline = ImagePipeline(loader: Self.origin())
        let future = ImageFuture(Self.tinted(Self.svgURL), using: pipeline)
        let surface = try ImageSurface(size: Size(width: 8, height: 4))
        surface.apply(future)
        let value = try await future.value()
        #expect(value.tint == nil && value.reference.drewTint)
        let resolved = try await Self.tinted(Self.svgURL).resolved(using: pipeline)
        #expect(resolved.tint == nil && resolved.reference.drewTint)
        let direct = try ImageRenderer.render(resolved, size: Size(width: 8, height: 4), scale: 1)
        #expect(surface.render() == direct)
        #expect(direct.color(x: 1, y: 2) == Self.blue && direct.color(x: 6, y: 2) == Color(red: 255, green: 0, blue: 0))
    }

    /// The same icon in two tints: two decodes (the key holds the colour), one transfer.
    @Test func eachTintIsItsOwnDecodeOfOneTransfer() async throws {
        let origin = Self.origin()
        let pipeline = ImagePipeline(loader: origin)
        var green = Self.tinted(Self.svgURL)
        green.tint = Color(red: 0, green: 255, blue: 0)
        for descriptor in [Self.tinted(Self.svgURL), green] {
            let surface = try ImageSurface(size: Size(width: 8, height: 4))
            await surface.load(descriptor, using: pipeline)
            #expect(surface.render().color(x: 1, y: 2) == descriptor.tint)
        }
        #expect(origin.loadCount(Self.svgURL) == 1)
    }

    static func origin() -> MockDataLoader {
        let origin = MockDataLoader()
        origin.reply(svgURL, .data(icon))
        let png = try! Bitmap(width: 8, height: 4, fill: Color(red: 0, green: 0, blue: 0)).encoded(as: .png)
        origin.reply(pngURL, .data(png))
        return origin
    }
}
