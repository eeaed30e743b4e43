import Foundation
import SnapshotTesting
import Testing
import VignetteSnapshotTesting
import VignetteTestSupport

@testable import VignetteCore

/// Focus crops and sizing pinned as PNG references under
/// `Snapshots/FocusSizingSnapshotTests/` (each looked at once before
/// committing), drawn from the quadrant pattern of `RenderSnapshotTests`.
@Suite struct FocusSizingSnapshotTests {
    static let backdrop = Color(red: 0xDD, green: 0xE4, blue: 0xEE)

    @Test func focusCrops() async throws {
        let cases: [(String, ContentMode, Focus, Size)] = [
            ("fill-tall-left", .aspectFill, .anchor(.left), Size(width: 12, height: 24)),
            ("fill-tall-right", .aspectFill, .anchor(.right), Size(width: 12, height: 24)),
            ("fill-tall-point", .aspectFill, .point(x: 0.3, y: 0.5), Size(width: 12, height: 24)),
            ("fill-wide-bottom", .aspectFill, .anchor(.bottom), Size(width: 36, height: 12)),
            ("center-top-left", .center, .anchor(.topLeft), Size(width: 14, height: 10)),
            ("top-point", .top, .point(x: 0.8, y: 0.9), Size(width: 14, height: 10))
        ]
        for (name, mode, focus, size) in cases {
            for scale in [1.0, 2] {
                let surface = try ImageSurface(size: size, scale: scale)
                // A 1× pattern: at 2× the fixed modes draw it 48×32 px, larger than the surface.
                surface.apply(ImageDescriptor(RenderSnapshotTests.pattern(), contentMode: mode, background: Self.backdrop).focus(focus))
                await assertImageSnapshot(of: surface, as: .image, named: "\(name)-\(Int(scale))x")
            }
        }
    }

    @Test func sizing() async throws {
        let cases: [(String, ContentMode, Sizing, Size)] = [
            ("fit-open-width", .aspectFit, .standard, Size(width: 0, height: 22)),
            ("fit-no-enlarge", .aspectFit, Sizing(enlarge: false), Size(width: 40, height: 40)),
            ("fit-no-enlarge-no-extend", .aspectFit, Sizing(enlarge: false, extend: false), Size(width: 40, height: 40)),
            ("fill-down", .aspectFill, Sizing(enlarge: false, extend: false, fillDown: true), Size(width: 40, height: 20)),
            ("force-no-enlarge", .scaleToFill, Sizing(enlarge: false), Size(width: 48, height: 20))
        ]
        for (name, mode, sizing, size) in cases {
            let surface = try ImageSurface(size: size, scale: 1)
            surface.apply(ImageDescriptor(RenderSnapshotTests.pattern(), contentMode: mode, background: Self.backdrop).sizing(sizing))
            await assertImageSnapshot(of: surface, as: .image, named: name)
        }
    }
}
