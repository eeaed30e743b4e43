import Foundation
import SnapshotTesting
import Testing
import VignetteCatalog
import VignetteSnapshotTesting
import VignetteTestSupport

@testable import VignetteCore

/// The renderer's behaviour pinned as PNG references under
/// `Snapshots/RenderSnapshotTests/` (each one looked at once before committing).
@Suite struct RenderSnapshotTests {
    /// 24×16 px: four coloured quadrants inside a one-pixel white frame, so
    /// scaling, cropping and pinning are all visible.
    static func pattern(scale: Double = 1, translucent: Bool = false) -> Bitmap {
        var bitmap = Bitmap(width: 24, height: 16, scale: scale, fill: .white)
        let alpha: UInt8 = translucent ? 128 : 255
        let quadrants: [(PixelRect, Color)] = [
            (PixelRect(minX: 1, minY: 1, maxX: 12, maxY: 8), Color(red: 220, green: 40, blue: 40, alpha: alpha)),
            (PixelRect(minX: 12, minY: 1, maxX: 23, maxY: 8), Color(red: 40, green: 170, blue: 60, alpha: alpha)),
            (PixelRect(minX: 1, minY: 8, maxX: 12, maxY: 15), Color(red: 40, green: 80, blue: 220, alpha: alpha)),
            (PixelRect(minX: 12, minY: 8, maxX: 23, maxY: 15), Color(red: 240, green: 200, blue: 30, alpha: alpha))
        ]
        // Set (not composite) the quadrant pixels, so translucent ones stay translucent.
        for (rect, color) in quadrants {
            for y in rect.minY..<rect.maxY {
                for x in rect.minX..<rect.maxX { bitmap[x, y] = color.premultiplied }
            }
        }
        return bitmap
    }

    static let shapes: [(name: String, size: Size)] = [
        ("wide", Size(width: 40, height: 22)), ("tall", Size(width: 18, height: 33)), ("square", Size(width: 29, height: 29))
    ]
    static let backdrop = Color(red: 0xDD, green: 0xE4, blue: 0xEE)

    @Test(arguments: ContentMode.allCases)
    func contentModes(mode: ContentMode) async throws {
        for (name, size) in Self.shapes {
            for scale in [1.0, 2] {
                let surface = try ImageSurface(size: size, scale: scale)
                surface.apply(ImageDescriptor(Self.pattern(), contentMode: mode, background: Self.backdrop))
                await assertImageSnapshot(of: surface, as: .image, named: "\(mode)-\(name)-\(Int(scale))x")
            }
        }
    }

    @Test(arguments: [ContentMode.center, .aspectFit, .bottomRight, .scaleToFill])
    func twoXSources(mode: ContentMode) async throws {
        for scale in [1.0, 2, 3] {
            let surface = try ImageSurface(size: Size(width: 20, height: 14), scale: scale)
            surface.apply(ImageDescriptor(Self.pattern(scale: 2), contentMode: mode, background: Self.backdrop))
            await assertImageSnapshot(of: surface, as: .image, named: "\(mode)-at2x-on-\(Int(scale))x")
        }
    }

    @Test func tintBackgroundAndTranslucency() async throws {
        let cases: [(String, ImageDescriptor<Bitmap>)] = [
            ("tint-opaque", ImageDescriptor(Self.pattern(), contentMode: .aspectFit, tint: Color(red: 0x1F, green: 0x6F, blue: 0xEB))),
            (
                "tint-translucent",
                ImageDescriptor(
                    Self.pattern(translucent: true), contentMode: .aspectFit,
                    tint: Color(red: 0xD0, green: 0x21, blue: 0x1B, alpha: 0xC0), background: Self.backdrop)
            ),
            ("background-only", ImageDescriptor(Bitmap(width: 1, height: 1), contentMode: .center, background: Color(red: 0xFF, green: 0xCC, blue: 0))),
            (
                "translucent-over-opaque",
                ImageDescriptor(
                    Self.pattern(translucent: true), contentMode: .scaleToFill,
                    background: Color(red: 0x22, green: 0x22, blue: 0x22))
            ),
            (
                "translucent-over-translucent",
                ImageDescriptor(
                    Self.pattern(translucent: true), contentMode: .aspectFill,
                    background: Color(red: 0x00, green: 0x80, blue: 0xFF, alpha: 0x80))
            ),
            ("translucent-no-background", ImageDescriptor(Self.pattern(translucent: true), contentMode: .center))
        ]
        for (name, descriptor) in cases {
            let surface = try ImageSurface(size: Size(width: 36, height: 28), scale: 2)
            surface.apply(descriptor)
            await assertImageSnapshot(of: surface, as: .image, named: name)
        }
    }

    @Test func photoResampling() async throws {
        let photo = try TestImages.photo()
        for (name, size, scale, mode) in [
            ("down-fill", Size(width: 90, height: 90), 2.0, ContentMode.aspectFill),
            ("down-fit", Size(width: 120, height: 50), 1.0, .aspectFit),
            ("up-center", Size(width: 40, height: 30), 3.0, .center)
        ] {
            let surface = try ImageSurface(size: size, scale: scale)
            surface.apply(ImageDescriptor(photo, contentMode: mode, background: Self.backdrop))
            await assertImageSnapshot(of: surface, as: .image, named: name)
        }
    }

    /// Every catalog descriptor, rendered on a compact 60×45 pt @2x tile so
    /// the references stay small. The output-format row's JPEG and WebP
    /// entries hold its PNG entry's descriptor, so only that one is kept; the
    /// presentation page has its own references (`PresentationSnapshotTests`).
    @Test func catalogDescriptors() async throws {
        for entry in try Catalog.entries() where entry.output == .png && entry.page == .descriptors {
            let surface = try ImageSurface(size: Size(width: 60, height: 45), scale: 2)
            surface.apply(entry.descriptor)
            await assertImageSnapshot(of: surface, as: .image, named: entry.identifier)
        }
    }

    /// Async tests await the surface, then snapshot it.
    @Test func asyncSurface() async throws {
        let surface = try await Task.detached {
            let surface = try ImageSurface(size: Size(width: 24, height: 24), scale: 2)
            try surface.apply(DemoImages.loading)
            return surface
        }.value
        await assertImageSnapshot(of: surface, as: .image(perceptualPrecision: 0.99), named: "loading")
        await assertImageSnapshot(of: surface.render(), as: .image, named: "loading-bitmap")
    }
}
