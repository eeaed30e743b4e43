import Foundation
import SnapshotTesting
import Testing
import VignetteSnapshotTesting

@testable import VignetteCore

/// Shapes, borders and overlays pinned as PNG references under
/// `Snapshots/ShapeSnapshotTests/` (each one looked at once before committing).
@Suite struct ShapeSnapshotTests {
    static let pattern = RenderSnapshotTests.pattern()

    /// A 6 × 6 px badge: a red disc with a white dot.
    static var badge: ImageDescriptor<AnyLocalImage> {
        var dot = Bitmap(width: 6, height: 6, fill: Color(red: 0xE0, green: 0x24, blue: 0x24))
        dot[2, 2] = Color.white.premultiplied
        dot[3, 3] = Color.white.premultiplied
        return ImageDescriptor(dot).shape(.circle).erased
    }

    @Test func shapes() async throws {
        let cases: [(String, ImageShape, Border?)] = [
            ("circle", .circle, nil),
            ("capsule", .capsule, nil),
            ("rounded", .roundedRect(cornerRadius: 6), nil),
            ("circle-border", .circle, Border(width: 2, color: .white)),
            ("rounded-border-translucent", .roundedRect(cornerRadius: 8), Border(width: 3, color: Color(red: 0, green: 0, blue: 0, alpha: 0x80))),
            ("rect-border", .rectangle, Border(width: 1.5, color: Color(red: 0x1F, green: 0x6F, blue: 0xEB)))
        ]
        for (name, shape, border) in cases {
            let surface = try ImageSurface(size: Size(width: 40, height: 28), scale: 2)
            surface.apply(ImageDescriptor(Self.pattern, contentMode: .aspectFill, background: RenderSnapshotTests.backdrop).shape(shape).border(border))
            await assertImageSnapshot(of: surface, as: .image, named: name)
        }
    }

    @Test func overlays() async throws {
        let avatar = ImageDescriptor(Self.pattern, contentMode: .aspectFill).shape(.circle).border(Border(width: 2, color: .white))
            .overlays([ImageOverlay(Self.badge, anchor: .bottomRight, offset: Point(x: -3, y: -3), size: Size(width: 9, height: 9))])
        let ribbon = Bitmap(width: 16, height: 6, scale: 2, fill: Color(red: 0xF0, green: 0xB0, blue: 0x10))
        let card = ImageDescriptor(Self.pattern, contentMode: .aspectFill).shape(.roundedRect(cornerRadius: 5))
            .overlays([ImageOverlay(ImageDescriptor(ribbon).erased, anchor: .topRight, offset: Point(x: -4, y: 4))])
        let watermark = ImageDescriptor(Self.pattern, contentMode: .aspectFit, background: RenderSnapshotTests.backdrop)
            .overlays([ImageOverlay(Self.badge, anchor: .center, opacity: 0.4, tiled: true)])
        for (name, descriptor, size) in [
            ("avatar", avatar, Size(width: 32, height: 32)), ("card", card, Size(width: 48, height: 32)),
            ("watermark", watermark, Size(width: 40, height: 28))
        ] {
            let surface = try ImageSurface(size: size, scale: 2)
            surface.apply(descriptor)
            await assertImageSnapshot(of: surface, as: .image, named: name)
        }
    }
}
