import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// ThumbHash against evanw's reference (Rust, `f32`), as
/// `Scripts/thumbhash_reference.py` computes it (checked once against the
/// Rust reference itself): the expected strings below are that script's output.
@Suite struct ThumbHashTests {
    /// `(x·37 + y·11 + k, x² + 3y² + 5k, 255 − 13x − 7y − k)` mod 256, alpha
    /// `(29x + 53y + 7k) mod 256` or opaque.
    static func synthetic(_ w: Int, _ h: Int, _ k: Int, alpha: Bool) throws -> Bitmap {
        try Bitmap(width: w, height: h, straightRGBA: syntheticBytes(w, h, k, alpha: alpha))
    }

    /// The straight RGBA bytes of `synthetic` (what the reference reads).
    static func syntheticBytes(_ w: Int, _ h: Int, _ k: Int, alpha: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                let r = (x * 37 + y * 11 + k) % 256
                let g = (x * x + 3 * y * y + 5 * k) % 256
                let b = ((255 - x * 13 - y * 7 - k) % 256 + 256) % 256
                let a = alpha ? (x * 29 + y * 53 + k * 7) % 256 : 255
                bytes += [UInt8(r), UInt8(g), UInt8(b), UInt8(a)]
            }
        }
        return bytes
    }

    static let syntheticReferences: [(w: Int, h: Int, k: Int, alpha: Bool, hash: String)] = [
        (16, 12, 0, false, "3gcGXYp/CrMmZeI1W4uLaGBU9rSs"),
        (7, 5, 3, false, "XpQGVY5QWXlWWmmHh2d4eXB1B7Rl"),
        (1, 1, 2, false, "VvAt7wUH+AeHiIeAj4CI+AeHgI/4+IgP"),
        (100, 3, 1, false, "nhcGEYI3RQp3hYiHMGf3emg="),
        (3, 100, 4, false, "4PcFGQSId3h3eIgfdWFg9oY="),
        (100, 100, 5, false, "3wcCBwBoa6OXh3dWR3eJZ4T39lM0oKsK"),
        (20, 30, 6, true, "3weCCwAHo7ZveWdKB2b63WgIi6iIWGg="),
        (64, 48, 7, true, "4PeBBIAHlfR0NH0/fGQJfs96eoeJCKdYCg==")
    ]

    static func fixture(_ name: String) throws -> Bitmap {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/thumbhash/\(name)")
        return try PNGCodec.decode(Data(contentsOf: url))
    }

    /// The algorithm on the straight bytes the reference reads (a
    /// premultiplied `Bitmap` cannot give back every straight byte of a
    /// translucent pixel).
    @Test func syntheticImagesMatchTheReference() throws {
        for ref in Self.syntheticReferences {
            let straight = Self.syntheticBytes(ref.w, ref.h, ref.k, alpha: ref.alpha)
            let bytes = ThumbHash.hashBytes(width: ref.w, height: ref.h, straightRGBA: straight)
            #expect(Data(bytes).base64EncodedString() == ref.hash, "\(ref.w)x\(ref.h) k=\(ref.k)")
        }
    }

    @Test func syntheticStraightBytesMatchTheReference() throws {
        // The reference reads the straight bytes themselves; the library
        // reads a premultiplied bitmap. For the opaque images they agree.
        for ref in Self.syntheticReferences where !ref.alpha {
            let hash = try ThumbHash.encode(try Self.synthetic(ref.w, ref.h, ref.k, alpha: false))
            #expect(hash.string == ref.hash)
        }
    }

    @Test(arguments: [
        ("kodim02-fitted.png", "E6oCBYJtoK17Oqh6uJaGeZZQbyr2"),
        ("kodim07-fitted.png", "2ggGFYJsn1KHmJh5RoaJabB1Byia"),
        ("kodim17-fitted.png", "UwgKDQBZhmOFCYmIh3pohxC3AYS9"),
        ("kodim23-fitted.png", "GRkGFYYKQ5xqmLZ2iWeXd25QBYdX"),
        ("transparency-fitted.png", "G0qGLQomAN16dLMNx1djsM+KHmaLl1BqSQ==")
    ])
    func fittedPhotosMatchTheReference(name: String, expected: String) throws {
        let fitted = try Self.fixture(name)
        let bytes = ThumbHash.hashBytes(width: fitted.width, height: fitted.height, straightRGBA: fitted.straightRGBA())
        #expect(Data(bytes).base64EncodedString() == expected)
    }

    @Test(arguments: [
        ("product-parrots.png", "kodim23-fitted.png", "GRkGFYYKQ5xqmLZ2iWeXd25QBYdX"),
        ("product-door.png", "kodim02-fitted.png", "E6oCBYJtoK17Oqh6uJaGeZZQbyr2")
    ])
    func fullPhotosAreFittedByTheRendererThenMatch(name: String, fixture: String, expected: String) throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources/\(name)")
        let photo = try PNGCodec.decode(Data(contentsOf: url))
        #expect(try ThumbHash.fitted(photo) == Self.fixture(fixture))
        let hash = try ThumbHash.encode(photo)
        #expect(hash.string == expected)
        #expect((hash.width, hash.height) == (32, 23))
    }

    @Test(arguments: [
        ("GRkGFYYKQ5xqmLZ2iWeXd25QBYdX", "decoded-GRkG.png", 32, 23),
        ("3weCCwAHo7ZveWdKB2b63WgIi6iIWGg=", "decoded-3weC.png", 19, 32)
    ])
    func decodingMatchesTheReference(hash: String, fixture: String, width: Int, height: Int) throws {
        let decoded = try ThumbHash(hash).decoded()
        #expect((decoded.width, decoded.height) == (width, height))
        #expect(decoded == (try Self.fixture(fixture)))
    }

    @Test func averageColourAspectRatioAndAlphaComeFromTheHeader() throws {
        let parrots = try ThumbHash("GRkGFYYKQ5xqmLZ2iWeXd25QBYdX")
        #expect(Float(parrots.approximateAspectRatio) == 7 / 5 as Float)
        #expect(!parrots.hasAlpha)
        // The reference's average (0.468, 0.421, 0.302, 1) as bytes.
        #expect(parrots.averageColor == Color(red: 119, green: 107, blue: 77))
        let portrait = try ThumbHash("UwgKDQBZhmOFCYmIh3pohxC3AYS9")
        #expect(Float(portrait.approximateAspectRatio) == 5 / 7 as Float)
        let transparent = try ThumbHash("3weCCwAHo7ZveWdKB2b63WgIi6iIWGg=")
        #expect(transparent.hasAlpha && transparent.averageColor == Color(red: 126, green: 122, blue: 128, alpha: 119))
    }

    @Test func callerChosenSizeAndRoundTrip() throws {
        let hash = try ThumbHash("GRkGFYYKQ5xqmLZ2iWeXd25QBYdX", width: 12, height: 9)
        #expect(hash.decoded().width == 12 && hash.decoded().height == 9)
        #expect(try ThumbHash(hash.string) == ThumbHash("GRkGFYYKQ5xqmLZ2iWeXd25QBYdX"))
        #expect(try ThumbHash("G0qGLQomAN16dLMNx1djsM+KHmaLl1BqSQ").string == "G0qGLQomAN16dLMNx1djsM+KHmaLl1BqSQ==")
    }

    @Test func invalidStringsThrowTypedErrors() throws {
        #expect(throws: ThumbHash.Error.invalidBase64("GRkG*YYK")) { try ThumbHash("GRkG*YYK") }
        #expect(throws: ThumbHash.Error.invalidBase64("GRkGF")) { try ThumbHash("GRkGF") }
        #expect(throws: ThumbHash.Error.tooShort(expected: 5, actual: 3)) { try ThumbHash("GRkG") }
        #expect(throws: ThumbHash.Error.tooShort(expected: 21, actual: 12)) { try ThumbHash("GRkGFYYKQ5xqmLZ2") }
        #expect(throws: ThumbHash.Error.tooLong(expected: 21, actual: 24)) { try ThumbHash("GRkGFYYKQ5xqmLZ2iWeXd25QBYdXAAAA") }
        // Short-side component count 0 (byte 3's low bits).
        #expect(throws: ThumbHash.Error.invalidHeader(shortSideComponents: 0, maximum: 7)) {
            try ThumbHash(bytes: [0x19, 0x19, 0x06, 0x10, 0x86])
        }
        #expect(throws: ThumbHash.Error.invalidSize(width: 0, height: 23)) { try ThumbHash("GRkGFYYKQ5xqmLZ2iWeXd25QBYdX", width: 0) }
        #expect(throws: ThumbHash.Error.emptyImage) { try ThumbHash.encode(Bitmap(width: 0, height: 2)) }
    }

    @Test func garbageBytesNeverCrash() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in 0..<40 {
            for _ in 0..<50 {
                var bytes: [UInt8] = []
                for _ in 0..<length {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    bytes.append(UInt8(truncatingIfNeeded: state >> 33))
                }
                if let hash = try? ThumbHash(bytes: bytes) {
                    #expect(hash.decoded().width == hash.width)
                }
            }
        }
    }

    @Test func cosineMatchesLibmWithinOneFloatUlp() {
        for k in 0..<2000 {
            let x = Float(k) * 0.011
            let ours = ThumbHashMath.cos(x)
            let libm = Float(cos(Double(x)))
            #expect(ours == libm || abs(ours - libm) <= ours.ulp, "\(x)")
        }
        #expect(ThumbHashMath.pi == Float(bitPattern: 0x4049_0FDB))
    }

    @Test func rendersOnASurfaceAndAsAPlaceholder() throws {
        let hash = try ThumbHash("GRkGFYYKQ5xqmLZ2iWeXd25QBYdX")
        let surface = try ImageSurface(size: Size(width: 32, height: 23), scale: 1)
        surface.apply(ImageDescriptor(hash, contentMode: .scaleToFill))  // cannot fail: no `try`
        #expect(surface.render().pixels == hash.decoded().pixels)
        let placeholders = ImageSurface.Placeholders.plain.loading(ImageDescriptor(hash, contentMode: .scaleToFill))
        #expect(try placeholders.loading.reference.bitmap(forScale: 2) == hash.decoded())
    }
}
