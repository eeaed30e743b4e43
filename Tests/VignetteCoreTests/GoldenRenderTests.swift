import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Pinned fingerprints of whole renders. The contract promises byte-identical
/// output on every machine, so any silent change in filter weights, fixed-point
/// rounding, tinting or compositing shows up here as a different hash.
///
/// The hashes are FNV-1a 64 of `Bitmap.pixels` (premultiplied RGBA), never of
/// PNG bytes: PNG bytes also depend on the system zlib, the pixels must not.
/// Each was computed once and the render inspected by eye before pinning.
@Suite struct GoldenRenderTests {
    static let resources = Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources")

    static func resource(_ name: String, scale: Double) throws -> Bitmap {
        try PNGCodec.decode(contentsOf: resources.appendingPathComponent(name).path, scale: scale)
    }

    /// Renders `descriptor` on an `ImageSurface` (the public path) and checks
    /// the pixel size and the pinned hash.
    @discardableResult
    static func expectGolden(
        _ label: String, _ descriptor: ImageDescriptor<Bitmap>, size: Size, scale: Double,
        filter: ResamplingFilter = .lanczos3, pixels: (width: Int, height: Int), hash pinned: UInt64,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Bitmap {
        let surface = try ImageSurface(size: size, scale: scale, filter: filter)
        surface.apply(descriptor)
        let out = surface.render()
        #expect(
            out.width == pixels.width && out.height == pixels.height,
            "\(label): rendered \(out.width)×\(out.height) px, expected \(pixels.width)×\(pixels.height)",
            sourceLocation: sourceLocation)
        let actual = Checksums.fnv1a64(out.pixels)
        #expect(
            actual == pinned,
            """
            \(label): the rendered pixels changed (FNV-1a 64 of the premultiplied pixels is \
            0x\(String(actual, radix: 16, uppercase: true)), pinned 0x\(String(pinned, radix: 16, uppercase: true))). \
            Something altered resampling weights, fixed-point rounding, tinting, compositing or geometry. \
            If the kernel change is intentional, inspect the new render and update the pinned hash; \
            otherwise this is a regression in the deterministic output the contract promises.
            """, sourceLocation: sourceLocation)
        return out
    }

    /// (a) The 768×512 photo, aspect-filled into 300×300 pt @2x (600×600 px,
    /// the photo scaled to 900×600 and cropped) over an opaque #EEEEEE.
    @Test func photoAspectFillOnOpaqueBackground() throws {
        try Self.expectGolden(
            "parrots aspectFill 300×300 pt @2x over #EEEEEE",
            ImageDescriptor(TestImages.photo(), contentMode: .aspectFill, background: Color(hex: "#EEEEEE")),
            size: Size(width: 300, height: 300), scale: 2, pixels: (600, 600),
            hash: 0x4C7F_508F_E57C_B958)
    }

    /// (b) The photo aspect-fitted into 97×61 pt @3x (291×183 px) over a
    /// translucent background, so both letterbox bands stay translucent.
    @Test func photoAspectFitOnTranslucentBackground() throws {
        let out = try Self.expectGolden(
            "parrots aspectFit 97×61 pt @3x over #11223380",
            ImageDescriptor(TestImages.photo(), contentMode: .aspectFit, background: Color(hex: "#11223380")),
            size: Size(width: 97, height: 61), scale: 3, pixels: (291, 183),
            hash: 0x3CC1_C3D0_D6BA_3B9B)
        // Photo 91.5 pt wide: x 2.75…94.25 pt → 8.25…282.75 px → columns 8..<283.
        // The bands hold the premultiplied background (17, 34, 51) × 128/255.
        let band = PremultipliedPixel(red: 9, green: 17, blue: 26, alpha: 128)
        #expect(out[7, 91] == band && out[283, 91] == band && out[0, 0] == band)
        #expect(out[8, 91].alpha == 255 && out[282, 91].alpha == 255)
    }

    /// (c) A 12× by 10.7× downscale (768×512 → 64×48, not aspect-preserving)
    /// with the Catmull–Rom filter chosen on the surface.
    @Test func photoScaleToFillCatmullRomDownscale() throws {
        try Self.expectGolden(
            "parrots scaleToFill 64×48 pt @1x, catmullRom",
            ImageDescriptor(TestImages.photo(), contentMode: .scaleToFill),
            size: Size(width: 64, height: 48), scale: 1, filter: .catmullRom, pixels: (64, 48),
            hash: 0x2E6C_B9DC_F938_D829)
    }

    /// (d) A template icon: the 32 px @2x address book (16 pt) centred on a
    /// 40×40 pt @3x surface, i.e. upscaled to 48 px, tinted half-transparent blue.
    @Test func tintedIconCentred() throws {
        let out = try Self.expectGolden(
            "address-book@2x center on 40×40 pt @3x, tint #1F6FEB80",
            ImageDescriptor(
                Self.resource("address-book@2x.png", scale: 2), contentMode: .center,
                tint: Color(hex: "#1F6FEB80")),
            size: Size(width: 40, height: 40), scale: 3, pixels: (120, 120),
            hash: 0x91B2_6BD8_090E_293A)
        // 16 pt centred in 40 pt: 12…28 pt → 36..<84 px. An opaque icon pixel
        // becomes the tint at alpha 128: (31, 111, 235) × 128/255.
        #expect(TestImages.opaqueBounds(out) == PixelRect(minX: 36, minY: 36, maxX: 84, maxY: 84))
        #expect(out[60, 60] == PremultipliedPixel(red: 16, green: 56, blue: 118, alpha: 128))
    }

    /// (e) An image with an alpha channel, aspect-filled (300 px → 246 px
    /// square, cropped to its middle 246×90) over a translucent red: its
    /// transparent areas keep the background, antialiased shape edges blend
    /// translucent over translucent.
    @Test func transparencyAspectFillOnTranslucentBackground() throws {
        try Self.expectGolden(
            "transparency.png aspectFill 123×45 pt @2x over #FF000080",
            ImageDescriptor(
                Self.resource("transparency.png", scale: 1), contentMode: .aspectFill,
                background: Color(hex: "#FF000080")),
            size: Size(width: 123, height: 45), scale: 2, pixels: (246, 90),
            hash: 0x1E13_C142_0E8F_726F)
    }

    /// (f) A 6.25× bilinear upscale of the 16 px icon to 100×100 px.
    @Test func iconBilinearUpscale() throws {
        try Self.expectGolden(
            "address-book.png scaleToFill 100×100 pt @1x, bilinear",
            ImageDescriptor(Self.resource("address-book.png", scale: 1), contentMode: .scaleToFill),
            size: Size(width: 100, height: 100), scale: 1, filter: .bilinear, pixels: (100, 100),
            hash: 0x44B0_C98A_9337_008C)
    }
}
