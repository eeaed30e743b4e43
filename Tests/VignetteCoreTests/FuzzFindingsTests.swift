import Foundation
import Testing
import VignetteCore

/// Inputs the libFuzzer harnesses in `Fuzz/` found (`make fuzz`), kept as
/// regression tests: each is the crashing input as libFuzzer saved it.
@Suite struct FuzzFindingsTests {
    /// Every colour component at most its alpha: what a `Bitmap` promises.
    static func isPremultiplied(_ bitmap: Bitmap) -> Bool {
        (try? Bitmap(width: bitmap.width, height: bitmap.height, premultipliedRGBA: bitmap.pixels)) != nil
    }

    /// A 94-byte lossless WebP whose header's alpha_is_used hint is off while
    /// its pixels carry alpha: the decoder trusted the hint, skipped
    /// premultiplication and returned colours above their alpha.
    @Test func losslessWebPWithAlphaDespiteItsHeaderIsPremultiplied() throws {
        let data = try #require(
            Data(
                base64Encoded: """
                    UklGRlYAAABXRUJQVlA4TEoAAAAvCwACALkyRPQ/dsWP6H9AQds2koGMP9H/DsFQKI0kKRa0rmPg8afJ5BwOzYRNAGFkAMgBmP7AnmAAMI4kA2goXADAVjDQAICDDw==
                    """))
        #expect(try WebPCodec.header(of: data).hasAlpha == false)
        let bitmap = try WebPCodec().decode(data, options: DecodingOptions())
        #expect(!bitmap.isOpaque)
        #expect(Self.isPremultiplied(bitmap))
    }
}
