import Foundation
import Testing
import VignetteCatalog
import VignetteTestSupport

@testable import Vignette

@Suite struct SurfaceTests {
    @Test func appliedPropertiesAreReadable() throws {
        let surface = try ImageSurface(size: Size(width: 40, height: 30), scale: 2)
        #expect(surface.descriptor == nil && surface.contentMode == nil)
        let image = TestImages.solid(10, 10)
        let tint = try Color(hex: "#112233")
        let background = try Color(hex: "#EEEEEE")
        surface.apply(
            ImageDescriptor(
                image, contentMode: .bottomLeft, tint: tint, background: background,
                accessibilityIdentifier: "hero"))
        #expect(surface.contentMode == .bottomLeft)
        #expect(surface.tint == tint)
        #expect(surface.background == background)
        #expect(surface.accessibilityIdentifier == "hero")
        #expect(surface.image == image)
        #expect(surface.pixelSize == (80, 60))
        let rendered = surface.render()
        #expect(rendered.width == 80 && rendered.height == 60 && rendered.scale == 2)
        #expect(rendered[0, 59] == tint.premultiplied)  // bottom-left holds the tinted image
        #expect(rendered[79, 0] == background.premultiplied)
    }

    @Test func reapplyReplacesEverythingAndClearEmpties() throws {
        let surface = try ImageSurface(size: Size(width: 4, height: 4))
        surface.apply(ImageDescriptor(TestImages.solid(4, 4), tint: .black, accessibilityIdentifier: "a"))
        let first = surface.render()
        surface.apply(ImageDescriptor(TestImages.solid(4, 4), accessibilityIdentifier: "b"))
        #expect(surface.tint == nil && surface.accessibilityIdentifier == "b")
        #expect(surface.render() != first)
        surface.clear()
        #expect(surface.descriptor == nil)
        #expect(surface.render().pixels.allSatisfy { $0 == 0 })
    }

    @Test func encodedPNGRoundTrips() throws {
        let surface = try ImageSurface(size: Size(width: 12, height: 7), scale: 3)
        surface.apply(ImageDescriptor(TestImages.gradient(9, 9), contentMode: .aspectFit))
        let decoded = try PNGCodec.decode(try surface.encoded(), scale: 3)
        #expect(decoded == surface.render())
    }

    @Test(arguments: [
        (Size(width: -1, height: 10), 1.0),
        (Size(width: 10, height: .infinity), 1),
        (Size(width: 10, height: 10), 0),
        (Size(width: 10, height: 10), .nan),
        (Size(width: 40000, height: 10), 1)
    ])
    func invalidSurfacesAreTypedErrors(size: Size, scale: Double) {
        #expect(throws: ImageSurface.Error.self) { try ImageSurface(size: size, scale: scale) }
    }

    @Test func namedImagesPickTheVariantForTheScale() throws {
        // The catalog's address-book PNGs alone: there, address-book.svg would win.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("named-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["address-book.png", "address-book@2x.png", "address-book@3x.png"] {
            try FileManager.default.copyItem(
                at: DemoImages.bundle.directory.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        let pngs = ImageBundle(directory: folder)
        for (scale, expectedPixels) in [(1.0, 16), (2, 32), (3, 48), (1.5, 32), (4, 48)] {
            let surface = try ImageSurface(size: Size(width: 32, height: 32), scale: scale)
            try surface.apply(ImageDescriptor(NamedImage("address-book", in: pngs), contentMode: .center, accessibilityIdentifier: "png"))
            #expect(surface.image?.width == expectedPixels, "scale \(scale)")
            #expect(surface.image?.size == Size(width: 16, height: 16))
            #expect(surface.accessibilityIdentifier == "png")
        }
    }

    @Test(arguments: [1.0, 1.5, 2, 2.5, 3, 4])
    func aVectorIsDrawnAtTheSurfacesScale(scale: Double) throws {
        let surface = try ImageSurface(size: Size(width: 32, height: 32), scale: scale)
        try surface.apply(DemoImages.featureIcon(.addressBook))
        #expect(surface.image?.width == Int((16 * scale).rounded()) && surface.image?.scale == scale)
        #expect(surface.image?.size == Size(width: 16, height: 16))
        #expect(surface.accessibilityIdentifier == "feature-addressBook")
    }

    @Test func missingResourceIsATypedError() throws {
        let surface = try ImageSurface(size: Size(width: 10, height: 10))
        let missing = ImageDescriptor(NamedImage("does-not-exist", in: DemoImages.bundle))
        #expect {
            try surface.apply(missing)
        } throws: { error in
            guard case ImageResourceError.notFound(let name, _) = error else { return false }
            return name == "does-not-exist" && "\(error)".contains("does-not-exist@2x.png")
        }
        #expect(surface.descriptor == nil)
    }

    @Test func corruptResourceNamesTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-bundle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("broken@2x.png"))
        let surface = try ImageSurface(size: Size(width: 10, height: 10), scale: 2)
        #expect {
            try surface.apply(ImageDescriptor(NamedImage("broken", in: ImageBundle(directory: folder))))
        } throws: { error in
            guard case ImageResourceError.undecodable(let path, let cause) = error,
                case .unrecognizedFormat = cause.reason
            else { return false }
            return path.hasSuffix("broken@2x.png")
        }
    }

    @Test func usableFromManyTasksAtOnce() async throws {
        let surface = try ImageSurface(size: Size(width: 16, height: 16))
        let images = (0..<8).map { TestImages.solid(16, 16, color: Color(red: UInt8($0 * 30), green: 0, blue: 0)) }
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<200 {
                group.addTask {
                    surface.apply(ImageDescriptor(images[i % 8], accessibilityIdentifier: "\(i % 8)"))
                    _ = surface.render()
                }
            }
        }
        // Whatever won, the render matches the descriptor that is applied.
        let id = try #require(surface.accessibilityIdentifier.flatMap(Int.init))
        #expect(surface.render()[3, 3] == images[id][0, 0])
    }
}
