import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// The libdeflate fast path must give exactly libpng's pixels.
@Suite struct PNGFastPathTests {
    static let files: [URL] = {
        let suite = (try? FileManager.default.contentsOfDirectory(at: Fixtures.url("pngsuite"), includingPropertiesForKeys: nil)) ?? []
        let resources =
            (try? FileManager.default.contentsOfDirectory(
                at: Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources"), includingPropertiesForKeys: nil)) ?? []
        return (suite + resources).filter { $0.pathExtension == "png" && !$0.lastPathComponent.hasPrefix("x") }
            .sorted { $0.path < $1.path }
    }()

    @Test func fastPathIsUsedForCommonFiles() throws {
        let eligible = try Self.files.filter { PNGFastPath.applies(to: try PNGCodec.header(of: Data(contentsOf: $0))) }
        #expect(eligible.count >= 20)
        #expect(eligible.contains { $0.lastPathComponent == "product-parrots.png" })
    }

    @Test func fastPathMatchesLibpngOnEveryFile() throws {
        for url in Self.files {
            let data = try Data(contentsOf: url)
            let fast = try PNGCodec.decodeStraightRGBA(data, maxPixelCount: 1 << 26, allowFastPath: true)
            let slow = try PNGCodec.decodeStraightRGBA(data, maxPixelCount: 1 << 26, allowFastPath: false)
            #expect(fast.pixels == slow.pixels, "\(url.lastPathComponent)")
        }
    }

    /// `fastPathMatchesLibpngOnEveryFile` would still pass if the fast path
    /// always declined (the codec then falls back to libpng). Call it
    /// directly: it must *accept* every eligible file and give libpng's bytes.
    @Test func fastPathAcceptsAndMatchesLibpngOnEveryEligibleFile() throws {
        var checked = 0
        for url in Self.files {
            let data = try Data(contentsOf: url)
            let header = try PNGCodec.header(of: data)
            guard PNGFastPath.applies(to: header) else { continue }
            let (accepted, pixels) = Self.fastDecode(data, header: header)
            #expect(accepted, "the fast path declined \(url.lastPathComponent), an eligible file")
            guard accepted else { continue }
            let slow = try PNGCodec.decodeStraightRGBA(data, maxPixelCount: 1 << 26, allowFastPath: false)
            #expect(pixels == slow.pixels, "fast path ≠ libpng for \(url.lastPathComponent)")
            checked += 1
        }
        #expect(checked >= 20)
    }

    /// A corrupt IDAT whose CRC was recomputed (so only zlib can notice), a
    /// truncated zlib stream, a bad CRC, or an unknown filter byte: the fast
    /// path declines without crashing or writing outside its buffer, and the
    /// codec's result is exactly libpng's (same pixels, or both throw).
    @Test(arguments: ["basn2c08.png", "basn6a08.png", "f04n2c08.png"])
    func fastPathDeclinesDamagedZlibData(name: String) throws {
        let original = try [UInt8](Fixtures.data("pngsuite/\(name)"))
        let header = try PNGCodec.header(of: Data(original))
        #expect(PNGFastPath.applies(to: header))
        #expect(Self.fastDecode(Data(original), header: header).accepted, "the undamaged file must be accepted")
        let idat = PNGBuilder.chunks(original).filter { $0.type == "IDAT" }.map(\.payload)
        try #require(!idat.isEmpty)
        let first = idat[0]
        let last = idat[idat.count - 1]

        var damaged: [(String, [UInt8])] = []
        // One flipped byte at the zlib header, early in the deflate data, in
        // the middle, and in the Adler-32 trailer; CRC fixed each time.
        for (label, offset) in [
            ("zlib header", first.lowerBound), ("first deflate byte", first.lowerBound + 2),
            ("middle", first.lowerBound + first.count / 2), ("Adler-32", last.upperBound - 2)
        ] {
            var bytes = original
            bytes[offset] ^= 0x5A
            let chunk = idat.first { $0.contains(offset) }!
            PNGBuilder.fixCRC(&bytes, payload: chunk)
            damaged.append(("\(label) byte flipped", bytes))
        }
        // The zlib stream cut short: the last IDAT keeps half its payload (valid CRC).
        damaged.append(
            (
                "truncated zlib stream",
                Self.rebuilt(original) { type, payload, index in
                    type == "IDAT" && index == idat.count - 1 ? Array(payload.prefix(payload.count / 2)) : payload
                }
            ))
        // All IDAT data dropped but one byte.
        damaged.append(
            (
                "one-byte zlib stream",
                Self.rebuilt(original) { type, payload, index in
                    type == "IDAT" ? (index == 0 ? [payload[0]] : []) : payload
                }
            ))
        // A flipped byte with the CRC left stale.
        var staleCRC = original
        staleCRC[first.lowerBound + 2] ^= 0x01
        damaged.append(("stale IDAT CRC", staleCRC))

        for (label, bytes) in damaged {
            let (accepted, _) = Self.fastDecode(Data(bytes), header: header)
            #expect(!accepted, "\(name): \(label) was accepted by the fast path")
            Self.expectCodecMatchesLibpng(Data(bytes), "\(name): \(label)")
        }
    }

    /// A valid zlib stream whose rows carry filter type 5 (undefined).
    @Test(arguments: [UInt8(2), 6])
    func fastPathDeclinesUnknownFilterType(colorType: UInt8) throws {
        let channels = colorType == 6 ? 4 : 3
        for badRow in [0, 3] {
            var png = PNGBuilder()
            png.header(width: 5, height: 4, bitDepth: 8, colorType: colorType)
            var scanlines: [UInt8] = []
            for y in 0..<4 { scanlines += [y == badRow ? 5 : 0] + (0..<(5 * channels)).map { UInt8($0 * 9 + y) } }
            png.imageData(scanlines: scanlines)
            png.end()
            let data = Data(png.bytes)
            let header = try PNGCodec.header(of: data)
            #expect(PNGFastPath.applies(to: header))
            #expect(!Self.fastDecode(data, header: header).accepted, "filter byte 5 on row \(badRow) was accepted")
            Self.expectCodecMatchesLibpng(data, "filter byte 5 on row \(badRow), colour type \(colorType)")
        }
    }

    // MARK: - Helpers

    /// Runs `PNGFastPath.decode` alone into a buffer of exactly the documented
    /// size, followed by guard bytes that must come back untouched.
    static func fastDecode(_ data: Data, header: PNGCodec.Header) -> (accepted: Bool, pixels: [UInt8]) {
        let count = header.width * header.height * 4
        let capacity = count + PNGFastPath.slack(for: header)
        let guardBytes = 64
        var buffer = [UInt8](repeating: 0xA5, count: capacity + guardBytes)
        let accepted = data.withUnsafeBytes { raw in
            buffer.withUnsafeMutableBufferPointer { PNGFastPath.decode(raw, header: header, into: $0.baseAddress!) }
        }
        #expect(buffer[capacity...].allSatisfy { $0 == 0xA5 }, "the fast path wrote past width * height * 4 + slack")
        return (accepted, Array(buffer[..<count]))
    }

    /// The public decode of `data` equals the libpng-only decode: same pixels, or both throw.
    static func expectCodecMatchesLibpng(_ data: Data, _ label: String) {
        let fast = Result { () throws(PNGCodec.Error) in try PNGCodec.decodeStraightRGBA(data, maxPixelCount: 1 << 26, allowFastPath: true) }
        let slow = Result { () throws(PNGCodec.Error) in try PNGCodec.decodeStraightRGBA(data, maxPixelCount: 1 << 26, allowFastPath: false) }
        switch (fast, slow) {
        case (.success(let a), .success(let b)): #expect(a.pixels == b.pixels, "\(label): pixels differ from libpng's")
        case (.failure, .failure): break
        default: Issue.record("\(label): codec \(fast) but libpng alone \(slow)")
        }
    }

    /// The same PNG with each chunk's payload replaced by `transform`
    /// (type, payload, index among chunks of that type); CRCs recomputed,
    /// chunks with an empty IDAT payload are dropped.
    static func rebuilt(_ png: [UInt8], _ transform: (String, [UInt8], Int) -> [UInt8]) -> [UInt8] {
        var out = PNGBuilder()
        var seen: [String: Int] = [:]
        for (type, payload) in PNGBuilder.chunks(png) {
            let index = seen[type, default: 0]
            seen[type] = index + 1
            let data = transform(type, Array(png[payload]), index)
            if type == "IDAT" && data.isEmpty { continue }
            out.chunk(type, data)
        }
        return out.bytes
    }

    /// Every filter type, in both RGB and RGBA, written by our own encoder.
    @Test(arguments: [PNGCodec.EncodingOptions.Filters.none, .sub, .up, .average, .paeth, .all])
    func everyFilterRoundTrips(filter: PNGCodec.EncodingOptions.Filters) throws {
        let opaque = TestImages.gradient(67, 31)
        var translucent = opaque
        translucent.pixels = opaque.pixels.enumerated().map { $0.offset % 4 == 3 ? UInt8($0.offset / 4 % 256) : 0 }
        for image in [opaque, translucent] {
            let data = try PNGCodec.encode(image, options: .init(level: 6, filters: filter))
            let header = try PNGCodec.header(of: data)
            #expect(PNGFastPath.applies(to: header))
            #expect(try PNGCodec.decode(data) == image)
        }
    }
}
