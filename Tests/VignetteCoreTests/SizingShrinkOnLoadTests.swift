import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Shrink-on-load with open sides and sizing: a reduced decode (photo.jpg
/// is 203×135) still has every pixel the render draws and makes the same
/// canvas as the full decode; when the image must not be enlarged past its
/// pixels, or is drawn at its own size, nothing is reduced.
@Suite struct SizingShrinkOnLoadTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let mode: ContentMode
        let sizing: Sizing
        let size: (Int, Int)
        let factor: Int
        var testDescription: String { "\(mode) \(sizing) \(size.0)x\(size.1) -> 1/\(factor)" }
    }

    static let cases: [Case] = [
        Case(mode: .aspectFit, sizing: .standard, size: (0, 30), factor: 4),  // 45×30 drawn; 1/4 is 51×34
        Case(mode: .aspectFit, sizing: .standard, size: (0, 34), factor: 2),  // 51.1×34 drawn: 51×34 is too small
        // 1/2 would give a 52-px canvas (204 · 35/136 is 52.4999… in floating point), the full decode 53: refused.
        Case(mode: .aspectFit, sizing: .standard, size: (0, 35), factor: 1),
        Case(mode: .aspectFit, sizing: Sizing(enlarge: false), size: (0, 200), factor: 1),  // capped at 203×135
        Case(mode: .aspectFit, sizing: Sizing(enlarge: false, extend: false), size: (300, 300), factor: 1),
        Case(mode: .aspectFill, sizing: Sizing(enlarge: false, extend: false), size: (60, 0), factor: 2),
        Case(mode: .aspectFit, sizing: Sizing(extend: false), size: (100, 100), factor: 2),  // 100×67
        Case(mode: .aspectFill, sizing: Sizing(enlarge: false, extend: false, fillDown: true), size: (25, 25), factor: 4),
        Case(mode: .aspectFit, sizing: Sizing(enlarge: false, extend: false, extendAspectRatio: true), size: (50, 20), factor: 4),
        Case(mode: .scaleToFill, sizing: Sizing(enlarge: false), size: (40, 20), factor: 4),
        Case(mode: .aspectFill, sizing: .standard, size: (0, 0), factor: 1),  // its own size
        Case(mode: .scaleToFill, sizing: .standard, size: (0, 20), factor: 4),  // 30×20 drawn, as aspectFit's
        Case(mode: .center, sizing: Sizing(extend: false), size: (20, 20), factor: 1)
    ]

    @Test(arguments: cases)
    func aReducedDecodeRendersTheFullDecodesCanvas(_ c: Case) throws {
        let data = try JPEGFixtures.data("photo.jpg")
        let target = ShrinkTarget(size: PixelSize(width: c.size.0, height: c.size.1), contentMode: c.mode, sizing: c.sizing)
        let options = DecodingOptions(scale: 1, shrinkTarget: target)
        #expect(JPEGCodec.reduction(for: try JPEGCodec.header(of: data), options: options) == c.factor)
        let reduced = try JPEGCodec.decode(data, options: options)
        let full = try JPEGCodec.decode(data, options: DecodingOptions(scale: 1))
        let size = Size(width: Double(c.size.0), height: Double(c.size.1))
        let fullLayout = RenderLayout(ImageDescriptor(full, contentMode: c.mode).sizing(c.sizing), size: size, scale: 1)
        let reducedLayout = RenderLayout(ImageDescriptor(reduced, contentMode: c.mode).sizing(c.sizing), size: size, scale: 1)
        #expect((reducedLayout.width, reducedLayout.height) == (fullLayout.width, fullLayout.height))
        // Never upscaled from the reduced pixels, and drawn within a pixel of the full decode's size.
        #expect(reducedLayout.target.width <= reduced.width || c.factor == 1)
        #expect(reducedLayout.target.height <= reduced.height || c.factor == 1)
        #expect(abs(reducedLayout.target.width - fullLayout.target.width) <= 1)
        #expect(abs(reducedLayout.target.height - fullLayout.target.height) <= 1)
    }

    /// The surface asks for the open side as 0, with the descriptor's
    /// sizing, and for a column crop only when the focus is the centre.
    @Test func theSurfacesRequestCarriesSizingAndFocus() throws {
        let url = try #require(URL(string: "https://example.com/a.jpg"))
        let surface = try ImageSurface(size: Size(width: 0, height: 30), scale: 2)
        let plain = surface.remoteRequest(for: ImageDescriptor(url, contentMode: .aspectFill)).options.shrinkTarget
        #expect(plain == ShrinkTarget(size: PixelSize(width: 0, height: 60), contentMode: .aspectFill, cropsToVisible: true))
        let sizing = Sizing(enlarge: false, extend: false)
        let focused = surface.remoteRequest(for: ImageDescriptor(url, contentMode: .aspectFill).focus(.left).sizing(sizing))
        #expect(focused.options.shrinkTarget == ShrinkTarget(size: PixelSize(width: 0, height: 60), contentMode: .aspectFill, sizing: sizing))
    }

    /// A column crop keeps the centred part, so it is only made for UIKit's layout.
    @Test func columnsAreCroppedOnlyForUIKitsLayout() {
        let uikit = ShrinkTarget(size: PixelSize(width: 100, height: 100), contentMode: .aspectFill, cropsToVisible: true)
        #expect(uikit.visibleColumns(width: 1000, height: 100) != nil)
        for sizing in [Sizing(enlarge: false), Sizing(extend: false)] {
            var target = uikit
            target.sizing = sizing
            #expect(target.visibleColumns(width: 1000, height: 100) == nil)
        }
    }
}
