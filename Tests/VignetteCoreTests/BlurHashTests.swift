import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// BlurHash against the reference Python `blurhash` package (1.1.5, PyPI).
///
/// The expected strings were made once with
/// `python3 -m venv /tmp/bh && /tmp/bh/bin/pip install blurhash Pillow numpy`
/// and `blurhash.encode(pixels, cx, cy)`, where `pixels` is `synthetic(w, h, k)`
/// below written in Python, or for the Kodak photos
/// `numpy.array(Image.open(path).convert("RGB")).tolist()`; the decoded
/// pixels with `blurhash.decode(hash, width, height)`.
@Suite struct BlurHashTests {
    /// `(x·37 + y·11 + k, x² + 3y² + 5k, 255 − 13x − 7y − k)` mod 256, opaque.
    static func synthetic(_ w: Int, _ h: Int, _ k: Int) throws -> Bitmap {
        var bytes: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                let r = (x * 37 + y * 11 + k) % 256
                let g = (x * x + 3 * y * y + 5 * k) % 256
                let b = ((255 - x * 13 - y * 7 - k) % 256 + 256) % 256
                bytes += [UInt8(r), UInt8(g), UInt8(b), 255]
            }
        }
        return try Bitmap(width: w, height: h, straightRGBA: bytes)
    }

    static let syntheticReferences: [(w: Int, h: Int, k: Int, cx: Int, cy: Int, hash: String)] = [
        (16, 12, 0, 4, 3, "LkGuqBrROvxur#RGS_NNV#VvkoWB"),
        (7, 5, 3, 4, 3, "L*G#.^A#Jp$U#wJqsWa%WZWro2Wq"),
        (9, 9, 1, 1, 1, "00FrGX"),
        (13, 11, 4, 3, 5, "crHUbERcj{nYRXS#Q^jJXQtko|V{X9i%WX"),
        (
            20, 10, 2, 9, 9,
            "|lHUtyRsi;TWnpBVGD,wX7rgVjVxXQS7Ip$lrZfAaOfAXMo|Vuoyt6e.XStkozX8eZWDkVV[o4ayeraQaLXRbtRlson%kAxuX8kCk"
                + "VnRWYXOkCWERnjKe:aObaj?jbaNjHxbjcj]bubZa~SeofkSWXW?afe=jIWEsAjvaM"
        )
    ]

    @Test func syntheticImagesMatchTheReference() throws {
        for ref in Self.syntheticReferences {
            let hash = try BlurHash.encode(try Self.synthetic(ref.w, ref.h, ref.k), componentsX: ref.cx, componentsY: ref.cy)
            #expect(hash.string == ref.hash, "\(ref.w)x\(ref.h) k=\(ref.k) \(ref.cx)x\(ref.cy)")
            #expect(hash.componentsX == ref.cx && hash.componentsY == ref.cy)
        }
    }

    @Test func uniformImageMatchesTheReference() throws {
        let bitmap = try Bitmap(width: 6, height: 4, straightRGBA: Array(repeating: [200, 100, 50, 255], count: 24).flatMap { $0 })
        #expect(try BlurHash.encode(bitmap).string == "LlM|T9=dfQ=d}XxFfQxFfQfQfQfQ")
    }

    @Test(arguments: [
        ("product-parrots.png", "LFF=X1uJ0L8yxeEMXj-OEMvzx[OY"),
        ("product-door.png", "L2G$F+-:IC0MTwJ,[q5l{3z=P9yV")
    ])
    func kodakPhotosMatchTheReference(name: String, expected: String) throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources/\(name)")
        let photo = try PNGCodec.decode(Data(contentsOf: url))
        #expect(photo.width == 768 && photo.height == 512)
        #expect(try BlurHash.encode(photo).string == expected)
    }

    @Test func decodingMatchesTheReference() throws {
        // blurhash.decode("crHUbERcj{nYRXS#Q^jJXQtko|V{X9i%WX", 5, 4), row by row.
        let expected: [UInt8] = [
            118, 58, 255, 136, 68, 255, 162, 94, 213, 168, 124, 166, 154, 147, 151,
            134, 78, 230, 137, 71, 212, 145, 68, 167, 156, 95, 119, 165, 126, 99,
            148, 136, 222, 149, 147, 203, 152, 168, 154, 157, 180, 98, 162, 183, 76,
            164, 165, 197, 159, 166, 177, 151, 163, 120, 152, 151, 21, 160, 132, 0
        ]
        let bitmap = try BlurHash("crHUbERcj{nYRXS#Q^jJXQtko|V{X9i%WX", width: 5, height: 4).decoded()
        #expect(bitmap.width == 5 && bitmap.height == 4 && bitmap.scale == 1)
        var rgb: [UInt8] = []
        for k in 0..<20 { rgb += bitmap.pixels[(k * 4)..<(k * 4 + 3)] }
        #expect(rgb == expected)
        #expect(stride(from: 3, to: bitmap.pixels.count, by: 4).allSatisfy { bitmap.pixels[$0] == 255 })
    }

    @Test(arguments: [(200, 100, 50), (0, 0, 0), (255, 255, 255), (1, 128, 254)])
    func oneComponentRoundTripsAUniformColour(red: Int, green: Int, blue: Int) throws {
        let pixel = [UInt8(red), UInt8(green), UInt8(blue), 255]
        let bitmap = try Bitmap(width: 7, height: 3, straightRGBA: Array(repeating: pixel, count: 21).flatMap { $0 })
        let hash = try BlurHash.encode(bitmap, componentsX: 1, componentsY: 1, width: 3, height: 2)
        #expect(hash.string.count == 6)
        #expect(hash.decoded().pixels == Array(repeating: pixel, count: 6).flatMap { $0 })
    }

    @Test func encodingKeepsComponentCountsAndDecodingKeepsSize() throws {
        let photo = try Self.synthetic(24, 16, 5)
        for (cx, cy) in [(1, 9), (9, 1), (5, 4)] {
            let hash = try BlurHash.encode(photo, componentsX: cx, componentsY: cy, width: 12, height: 7)
            #expect(hash.string.count == 4 + 2 * cx * cy)
            #expect((hash.componentsX, hash.componentsY) == (cx, cy))
            let again = try BlurHash(hash.string, width: 12, height: 7)
            #expect(again == hash && again.decoded() == hash.decoded())
            #expect(hash.decoded().width == 12 && hash.decoded().height == 7)
        }
    }

    @Test func transparentPixelsAreUnpremultiplied() throws {
        // 80 % transparent (alpha 51 = 255 / 5, so premultiplying loses nothing)
        // encodes like the same colour opaque.
        let half = try Bitmap(width: 4, height: 4, straightRGBA: Array(repeating: [90, 140, 210, 51], count: 16).flatMap { $0 })
        let opaque = try Bitmap(width: 4, height: 4, straightRGBA: Array(repeating: [90, 140, 210, 255], count: 16).flatMap { $0 })
        #expect(try BlurHash.encode(half) == BlurHash.encode(opaque))
    }

    @Test func invalidInputsThrowTypedErrors() throws {
        let photo = try Self.synthetic(4, 4, 0)
        #expect(throws: BlurHash.Error.invalidComponents(x: 0, y: 3)) { try BlurHash.encode(photo, componentsX: 0) }
        #expect(throws: BlurHash.Error.invalidComponents(x: 4, y: 10)) { try BlurHash.encode(photo, componentsY: 10) }
        #expect(throws: BlurHash.Error.emptyImage) { try BlurHash.encode(Bitmap(width: 0, height: 3)) }
        #expect(throws: BlurHash.Error.invalidLength(expected: 6, actual: 0)) { try BlurHash("") }
        #expect(throws: BlurHash.Error.invalidLength(expected: 28, actual: 27)) { try BlurHash("LFF=X1uJ0L8yxeEMXj-OEMvzx[O") }
        #expect(throws: BlurHash.Error.invalidLength(expected: 28, actual: 29)) { try BlurHash("LFF=X1uJ0L8yxeEMXj-OEMvzx[OYY") }
        #expect(throws: BlurHash.Error.invalidCharacter("/", offset: 3)) { try BlurHash("LFF/X1uJ0L8yxeEMXj-OEMvzx[OY") }
        #expect(throws: BlurHash.Error.invalidCharacter("é", offset: 1)) { try BlurHash("Lé") }
        #expect(throws: BlurHash.Error.invalidColor(83 * 83 * 83 * 83 - 1)) { try BlurHash("00~~~~") }
        #expect(throws: BlurHash.Error.invalidSize(width: 0, height: 32)) { try BlurHash("00FrGX", width: 0) }
        #expect(throws: BlurHash.Error.invalidSize(width: 32, height: 1025)) { try BlurHash("00FrGX", height: 1025) }
        #expect(throws: BlurHash.Error.invalidPunch(0)) { try BlurHash("00FrGX", punch: 0) }
        #expect(throws: BlurHash.Error.invalidPunch(.infinity)) { try BlurHash("00FrGX", punch: .infinity) }
    }

    @Test func cosineBasisAgreesWithLibmAndIsExactAtTheAxes() {
        // libm's argument π·n/d is itself rounded, so near zeros of cos the
        // two differ by up to a few 1e-15; both are faithful to the maths.
        for denominator in [1, 2, 3, 7, 16, 512, 768] {
            for numerator in 0..<(9 * denominator) {
                let ours = BlurHashMath.cosPi(numerator, over: denominator)
                let libm = cos(Double.pi * Double(numerator) / Double(denominator))
                #expect(abs(ours - libm) <= 1e-14, "\(numerator)/\(denominator)")
            }
            #expect(BlurHashMath.cosPi(0, over: denominator) == 1)
            #expect(BlurHashMath.cosPi(denominator, over: denominator) == -1)
        }
        #expect(BlurHashMath.cosPi(3, over: 6) == 0)
        #expect(BlurHashMath.cosPi(2, over: 4) == 0)
    }

    @Test func rendersOnASurfaceAndAsAPlaceholder() throws {
        let hash = try BlurHash("LFF=X1uJ0L8yxeEMXj-OEMvzx[OY", width: 16, height: 8)
        let surface = try ImageSurface(size: Size(width: 16, height: 8), scale: 1)
        surface.apply(ImageDescriptor(hash, contentMode: .scaleToFill))  // cannot fail: no `try`
        #expect(surface.image == hash.decoded())
        #expect(surface.render().pixels == hash.decoded().pixels)
        let placeholders = ImageSurface.Placeholders(
            loading: ImageDescriptor(hash, contentMode: .scaleToFill), failure: ImageDescriptor(hash, contentMode: .center))
        #expect(try placeholders.loading.reference.bitmap(forScale: 2) == hash.decoded())
        #expect(placeholders.loading.contentMode == .scaleToFill)
    }
}
