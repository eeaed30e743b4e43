import Foundation
import VignetteCore

/// What every harness shares: the input as `Data`, decoding options with
/// small limits (so the fuzzer looks for bugs, not for big allocations),
/// and checksum repair so that mutations get past CRC checks.
public enum FuzzInput {
    /// The most pixels a harness decodes: 4 Mpx (16 MB of RGBA).
    public static let maxPixelCount = 4_000_000
    /// The longest side a harness decodes.
    public static let maxSide = 16384

    /// The input libFuzzer passes, copied.
    public static func data(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
        guard let bytes, count > 0 else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Options picked by `selector` (a byte of the input, so the corpus
    /// explores them too): plain, shrink-on-load to a small aspectFill or
    /// aspectFit target, or no orientation and no colour conversion; each
    /// lenient or strict (`rejectsDamagedData`).
    public static func options(selector: UInt8) -> DecodingOptions {
        var options = DecodingOptions(scale: 1, maxPixelCount: maxPixelCount, maxSide: maxSide)
        switch selector & 3 {
        case 1: options.shrinkTarget = ShrinkTarget(size: PixelSize(width: 64, height: 48), contentMode: .aspectFill)
        case 2: options.shrinkTarget = ShrinkTarget(size: PixelSize(width: 33, height: 100), contentMode: .aspectFit)
        case 3:
            options.appliesOrientation = false
            options.convertsToSRGB = false
        default: break
        }
        // Bit 2: strict decoding (damage a decoder could conceal is an error).
        options.rejectsDamagedData = selector & 4 != 0
        return options
    }

    /// The standard decoder of `format`, as `ImageDecoders.standard` holds
    /// it (the codec types themselves are not public).
    public static func decoder(_ format: ImageFormat) -> any ImageDecoding {
        guard let decoder = ImageDecoders.standard.decoders.first(where: { $0.format == format }) else {
            fail("no standard decoder reads \(format)")
        }
        return decoder
    }

    /// The standard decoder of `format` when it reads every frame (GIF, WebP, PNG).
    public static func animatedDecoder(_ format: ImageFormat) -> any AnimatedImageDecoding {
        guard let decoder = decoder(format) as? any AnimatedImageDecoding else {
            fail("the standard \(format) decoder reads no animations")
        }
        return decoder
    }

    /// Stops the run with a message libFuzzer keeps next to the crashing input.
    public static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data(("FUZZ CHECK FAILED: " + message + "\n").utf8))
        abort()
    }
}

/// CRC-32 (ISO-HDLC, as PNG and zlib use), table-driven.
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// The checksum of `bytes`.
    public static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

/// PNG chunk walking for the harnesses.
public enum PNGChunks {
    /// Rewrites the CRC of every whole chunk, so that mutated chunk data
    /// reaches the decoders instead of failing their checksum test.
    public static func repairingCRCs(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - offset - 12 else { break }
            let crc = CRC32.checksum(bytes[offset + 4..<offset + 8 + length])
            for i in 0..<4 { bytes[offset + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
            offset += 12 + length
        }
        return Data(bytes)
    }
}
