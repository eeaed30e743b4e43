import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// One line of `Fixtures/pngsuite-reference.tsv`, written by
/// `Fixtures/make_pngsuite_reference.py` from pypng's raw decode.
struct PNGSuiteReference: Sendable, CustomTestStringConvertible {
    let name: String
    let width: Int
    let height: Int
    let hash: UInt64
    let firstPixel: String
    let lastPixel: String

    var testDescription: String { name }

    static let all: [PNGSuiteReference] = {
        guard let text = try? String(contentsOf: Fixtures.url("pngsuite-reference.tsv"), encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").compactMap { line in
            if line.hasPrefix("#") { return nil }
            let f = line.split(separator: "\t").map(String.init)
            guard f.count == 6, let w = Int(f[1]), let h = Int(f[2]), let hash = UInt64(f[3], radix: 16) else {
                return nil
            }
            return PNGSuiteReference(name: f[0], width: w, height: h, hash: hash, firstPixel: f[4], lastPixel: f[5])
        }
    }()
}

/// How an invalid PngSuite file must be rejected.
struct InvalidPNG: Sendable, CustomTestStringConvertible {
    enum Kind: Sendable { case notPNG, malformed }
    let name: String
    let kind: Kind
    /// What the message must mention (case-insensitive).
    let mentions: String
    var testDescription: String { name }

    static let all: [InvalidPNG] = [
        InvalidPNG(name: "xc1n0g08.png", kind: .malformed, mentions: "IHDR"),  // colour type 1
        InvalidPNG(name: "xc9n2c08.png", kind: .malformed, mentions: "IHDR"),  // colour type 9
        InvalidPNG(name: "xcrn0g04.png", kind: .notPNG, mentions: "signature"),  // CR added to the signature
        InvalidPNG(name: "xcsn0g01.png", kind: .malformed, mentions: "CRC"),  // IDAT checksum
        InvalidPNG(name: "xd0n2c08.png", kind: .malformed, mentions: "IHDR"),  // bit depth 0
        InvalidPNG(name: "xd3n2c08.png", kind: .malformed, mentions: "IHDR"),  // bit depth 3
        InvalidPNG(name: "xd9n2c08.png", kind: .malformed, mentions: "IHDR"),  // bit depth 99
        InvalidPNG(name: "xdtn0g01.png", kind: .malformed, mentions: "IEND"),  // no IDAT: IEND out of place
        InvalidPNG(name: "xhdn0g08.png", kind: .malformed, mentions: "CRC"),  // IHDR checksum
        InvalidPNG(name: "xlfn0g04.png", kind: .notPNG, mentions: "signature"),  // LF added to the signature
        InvalidPNG(name: "xs1n0g01.png", kind: .notPNG, mentions: "signature"),  // signature byte 1
        InvalidPNG(name: "xs2n0g01.png", kind: .notPNG, mentions: "signature"),  // signature byte 2
        InvalidPNG(name: "xs4n0g01.png", kind: .notPNG, mentions: "signature"),  // signature byte 4
        InvalidPNG(name: "xs7n0g01.png", kind: .notPNG, mentions: "signature")  // signature byte 7
    ]
}

@Suite struct PNGCodecTests {
    private static func hex(_ bytes: some Collection<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    private static func suiteNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Fixtures.url("pngsuite").path)
            .filter { $0.hasSuffix(".png") }
            .sorted()
    }

    // MARK: (a) PngSuite against an independent decoder

    @Test func referenceCoversEveryValidSuiteFile() throws {
        let valid = try Self.suiteNames().filter { !$0.hasPrefix("x") }
        #expect(valid.count == 161, "PngSuite should hold 161 valid files, found \(valid.count)")
        #expect(
            PNGSuiteReference.all.map(\.name) == valid,
            "pngsuite-reference.tsv is stale: rerun Fixtures/make_pngsuite_reference.py")
    }

    @Test(arguments: PNGSuiteReference.all)
    func decodesSuiteFileLikeReference(_ reference: PNGSuiteReference) throws {
        let data = try Fixtures.data("pngsuite/\(reference.name)")
        let (header, pixels) = try PNGCodec.decodeStraightRGBA(data)
        #expect(
            header.width == reference.width && header.height == reference.height,
            "\(reference.name): decoded \(header.width)x\(header.height), reference \(reference.width)x\(reference.height)")
        try #require(pixels.count == reference.width * reference.height * 4)

        let hash = Checksums.fnv1a64(pixels)
        #expect(
            hash == reference.hash,
            """
            \(reference.name) (colour type \(header.colorType.rawValue), \(header.bitDepth)-bit\
            \(header.isInterlaced ? ", interlaced" : "")): pixel hash \(String(format: "%016llx", hash)) \
            != reference \(String(format: "%016llx", reference.hash)); \
            first pixel \(Self.hex(pixels.prefix(4))) (reference \(reference.firstPixel)), \
            last pixel \(Self.hex(pixels.suffix(4))) (reference \(reference.lastPixel))
            """)

        // The premultiplied decode is exactly the straight decode, premultiplied.
        let bitmap = try PNGCodec.decode(data)
        let expected = try Bitmap(width: header.width, height: header.height, straightRGBA: pixels)
        #expect(bitmap.pixels == expected.pixels, "\(reference.name): decode(_:) disagrees with decodeStraightRGBA")
        #expect(
            header.hasAlpha || pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 },
            "\(reference.name): translucent pixels although the header says there is no alpha")
    }

    // MARK: (b) invalid PngSuite files

    @Test func invalidTableCoversEveryInvalidSuiteFile() throws {
        #expect(InvalidPNG.all.map(\.name) == (try Self.suiteNames().filter { $0.hasPrefix("x") }))
    }

    @Test(arguments: InvalidPNG.all)
    func rejectsInvalidSuiteFile(_ file: InvalidPNG) throws {
        let data = try Fixtures.data("pngsuite/\(file.name)")
        do {
            let (header, _) = try PNGCodec.decodeStraightRGBA(data)
            Issue.record("\(file.name) decoded as \(header.width)x\(header.height) but is invalid")
        } catch {
            switch (error, file.kind) {
            case (.notPNG(let count), .notPNG):
                #expect(count == data.count)
            case (.malformed(let reason), .malformed):
                #expect(!reason.isEmpty && reason != "invalid PNG data", "\(file.name): reason is generic")
            default:
                Issue.record("\(file.name): expected \(file.kind), got \(error)")
            }
            let message = error.description
            #expect(!message.isEmpty)
            #expect(
                message.lowercased().contains(file.mentions.lowercased()),  // not the user's locale's rules (tr_TR: I, ı)
                "\(file.name): message \"\(message)\" does not mention \(file.mentions)")
        }
    }

    // MARK: (c) truncated and corrupted input

    static let robustnessFiles = [
        "pngsuite/basi0g16.png",  // interlaced, 16-bit grey
        "pngsuite/basi3p08.png",  // interlaced, palette
        "pngsuite/basn6a16.png",  // 16-bit RGBA
        "pngsuite/basn6a08.png",  // 8-bit RGBA
        "pngsuite/tbbn3p08.png",  // palette + tRNS
        "product-parrots.png"  // Kodak photo, 768x512, several IDATs
    ]

    private static func robustnessData(_ name: String) throws -> Data {
        if name.hasPrefix("pngsuite/") { return try Fixtures.data(name) }
        return try Data(
            contentsOf: Fixtures.repositoryRoot
                .appendingPathComponent("Sources/VignetteCatalog/Resources/\(name)"))
    }

    /// Decoding must either throw or give the original dimensions.
    private static func expectThrowsOrDecodes(_ data: Data, like original: PNGCodec.Header, _ what: String) {
        do {
            let (header, pixels) = try PNGCodec.decodeStraightRGBA(data)
            #expect(
                header.width == original.width && header.height == original.height,
                "\(what): decoded as \(header.width)x\(header.height)")
            #expect(pixels.count == header.width * header.height * 4, "\(what)")
        } catch {
            #expect(!error.description.isEmpty, "\(what)")
        }
    }

    @Test(.timeLimit(.minutes(30)), arguments: robustnessFiles)
    func survivesTruncation(_ name: String) throws {
        let data = try Self.robustnessData(name)
        let original = try PNGCodec.header(of: data)
        var offsets = Set((0..<40).map { $0 * data.count / 40 })
        offsets.formUnion([1, 7, 8, 16, 33, data.count - 12, data.count - 4, data.count - 1])
        for offset in offsets.sorted() {
            let truncated = data.prefix(offset)
            Self.expectThrowsOrDecodes(truncated, like: original, "\(name) truncated to \(offset) of \(data.count) bytes")
        }
        // Cut inside the pixel data, decoding must fail, not invent pixels.
        #expect(throws: PNGCodec.Error.self) { try PNGCodec.decodeStraightRGBA(data.prefix(data.count / 2)) }
    }

    @Test(.timeLimit(.minutes(30)), arguments: robustnessFiles)
    func survivesFlippedBytes(_ name: String) throws {
        let data = try Self.robustnessData(name)
        let original = try PNGCodec.header(of: data)
        var rng = LCG(seed: UInt64(data.count))
        var positions = Set((0..<40).map { $0 * data.count / 40 + rng.next(upTo: max(0, data.count / 40 - 1)) })
        positions.formUnion([0, 8, 12, 16, 20, 24, 29, data.count - 1])  // signature, IHDR fields, IEND CRC
        for position in positions.sorted() where position < data.count {
            var corrupted = data
            corrupted[corrupted.startIndex + position] ^= UInt8(1 + rng.next(upTo: 254))
            Self.expectThrowsOrDecodes(corrupted, like: original, "\(name) with byte \(position) flipped")
        }
    }

    /// Corruptions inside IDAT with a recomputed CRC get past the checksum and
    /// reach inflate and unfiltering (and the libdeflate fast path).
    @Test(.timeLimit(.minutes(30)), arguments: robustnessFiles)
    func survivesCorruptImageDataWithValidCRC(_ name: String) throws {
        let data = try Self.robustnessData(name)
        let original = try PNGCodec.header(of: data)
        let bytes = [UInt8](data)
        let idat = PNGBuilder.chunks(bytes).filter { $0.type == "IDAT" }.map(\.payload)
        let positions = idat.flatMap { $0 }
        try #require(!positions.isEmpty)
        var rng = LCG(seed: 11)
        for k in 0..<40 {
            let position = positions[k * positions.count / 40]
            let chunk = idat.first { $0.contains(position) }!
            var corrupted = bytes
            corrupted[position] ^= UInt8(1 + rng.next(upTo: 254))
            PNGBuilder.fixCRC(&corrupted, payload: chunk)
            Self.expectThrowsOrDecodes(Data(corrupted), like: original, "\(name) with IDAT byte \(position) changed")
        }
    }

    // MARK: (d) the pixel limit

    /// An RGBA PNG whose IHDR announces `width` x `height`, with a tiny IDAT.
    private static func hugeHeaderPNG(width: UInt32, height: UInt32) -> Data {
        var png = PNGBuilder()
        png.header(width: width, height: height, bitDepth: 8, colorType: 6)
        png.imageData(scanlines: [0, 1, 2, 3, 4])
        png.end()
        return Data(png.bytes)
    }

    @Test func rejectsHugeHeaderBeforeAllocating() throws {
        let data = Self.hugeHeaderPNG(width: 200_000, height: 200_000)
        let anySide = Int(Int32.max)
        let header = try PNGCodec.header(of: data, maxSide: anySide)
        #expect(header.width == 200_000 && header.height == 200_000)

        // The side limit (65535) is met first; past it, the pixel limit.
        #expect(throws: PNGCodec.Error.sideTooLong(width: 200_000, height: 200_000, limit: 65535)) { try PNGCodec.decode(data) }
        let expected = PNGCodec.Error.tooLarge(width: 200_000, height: 200_000, limit: PNGCodec.defaultMaxPixelCount)
        #expect(throws: expected) { try PNGCodec.decodeStraightRGBA(data, maxSide: anySide) }
        #expect(expected.description.contains("200000x200000"))

        // The largest dimensions PNG allows: width * height must not overflow.
        let max = UInt32(Int32.max)
        #expect(throws: PNGCodec.Error.tooLarge(width: Int(max), height: Int(max), limit: 1_000)) {
            try PNGCodec.decodeStraightRGBA(Self.hugeHeaderPNG(width: max, height: max), maxPixelCount: 1_000, maxSide: anySide)
        }
    }

    @Test func honoursCustomPixelLimit() throws {
        let data = try Fixtures.data("pngsuite/basn6a08.png")  // 32x32
        #expect(throws: PNGCodec.Error.tooLarge(width: 32, height: 32, limit: 1_023)) {
            try PNGCodec.decode(data, maxPixelCount: 1_023)
        }
        #expect(throws: PNGCodec.Error.tooLarge(width: 32, height: 32, limit: 100)) {
            try PNGCodec.decode(contentsOf: Fixtures.url("pngsuite/basn6a08.png").path, maxPixelCount: 100)
        }
        #expect(try PNGCodec.decode(data, maxPixelCount: 1_024).width == 32)
    }

    // MARK: (e) round trip

    /// A deterministic premultiplied bitmap; `opaque` makes every alpha 255,
    /// else a mix of transparent, opaque and translucent pixels.
    private static func randomBitmap(width: Int, height: Int, seed: UInt64, opaque: Bool) throws -> Bitmap {
        var rng = LCG(seed: seed)
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) {
            let alpha: Int
            if opaque {
                alpha = 255
            } else {
                switch rng.next(upTo: 5) {
                case 0: alpha = 0
                case 1: alpha = 255
                case 2: alpha = 1 + rng.next(upTo: 3)  // nearly transparent: most lossy for straight alpha
                default: alpha = 1 + rng.next(upTo: 253)
                }
            }
            pixels += [rng.next(upTo: alpha), rng.next(upTo: alpha), rng.next(upTo: alpha), alpha].map { UInt8($0) }
        }
        return try Bitmap(width: width, height: height, premultipliedRGBA: pixels)
    }

    @Test(arguments: [PNGCodec.EncodingOptions.default, .smallest, .fastest, PNGCodec.EncodingOptions(level: 0)])
    func roundTripsTranslucentBitmap(_ options: PNGCodec.EncodingOptions) throws {
        let bitmap = try Self.randomBitmap(width: 61, height: 37, seed: 42, opaque: false)
        #expect(bitmap.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element == 0 })
        #expect(bitmap.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element == 255 })
        let data = try PNGCodec.encode(bitmap, options: options)
        let header = try PNGCodec.header(of: data)
        #expect(header.colorType == .rgba && header.bitDepth == 8 && !header.isInterlaced)
        #expect(try PNGCodec.decode(data).pixels == bitmap.pixels)
        #expect(try PNGCodec.decodeStraightRGBA(data).pixels == bitmap.straightRGBA())
    }

    @Test(arguments: [PNGCodec.EncodingOptions.default, .smallest, .fastest, PNGCodec.EncodingOptions(level: 0)])
    func roundTripsOpaqueBitmapAsRGB(_ options: PNGCodec.EncodingOptions) throws {
        let bitmap = try Self.randomBitmap(width: 40, height: 23, seed: 7, opaque: true)
        let data = try PNGCodec.encode(bitmap, options: options)
        let header = try PNGCodec.header(of: data)
        #expect(header.colorType == .rgb && header.bitDepth == 8 && !header.hasAlpha)
        #expect(try PNGCodec.decode(data).pixels == bitmap.pixels)
    }

    /// Each row filter on its own, for RGB and RGBA, decodes back exactly.
    @Test(arguments: [
        ("none", PNGCodec.EncodingOptions.Filters.none), ("sub", .sub), ("up", .up),
        ("average", .average), ("paeth", .paeth)
    ])
    func roundTripsEveryRowFilter(_ label: String, _ filter: PNGCodec.EncodingOptions.Filters) throws {
        for opaque in [true, false] {
            let bitmap = try Self.randomBitmap(width: 29, height: 11, seed: 3, opaque: opaque)
            let data = try PNGCodec.encode(bitmap, options: PNGCodec.EncodingOptions(level: 6, filters: filter))
            #expect(try PNGCodec.decode(data).pixels == bitmap.pixels, "filter \(label), opaque \(opaque)")
        }
    }

    /// Image data split over many IDAT chunks (one byte each, plus empty ones)
    /// decodes exactly like a single IDAT.
    @Test(arguments: [(UInt8(2), 3), (UInt8(6), 4)])
    func decodesImageDataSplitAcrossChunks(_ colorType: UInt8, _ channels: Int) throws {
        var rng = LCG(seed: UInt64(colorType))
        let width = 9
        let height = 5
        var rows: [[UInt8]] = []
        for _ in 0..<height { rows.append((0..<(width * channels)).map { _ in UInt8(rng.next(upTo: 255)) }) }
        let single = PNGBuilder.image(width: width, height: height, bitDepth: 8, colorType: colorType, rows: rows)

        var split = PNGBuilder()
        split.header(width: UInt32(width), height: UInt32(height), bitDepth: 8, colorType: colorType)
        let stream = PNGBuilder.zlibStored(rows.flatMap { [0] + $0 })
        split.chunk("IDAT", [])
        for byte in stream { split.chunk("IDAT", [byte]) }
        split.chunk("IDAT", [])
        split.end()

        let expected = try PNGCodec.decodeStraightRGBA(Data(single)).pixels
        #expect(try PNGCodec.decodeStraightRGBA(Data(split.bytes)).pixels == expected)
        var rgba: [UInt8] = []
        for row in rows {
            for x in 0..<width { rgba += Array(row[(x * channels)..<(x * channels + channels)]) + (channels == 3 ? [255] : []) }
        }
        #expect(expected == rgba)
    }

    @Test func roundTripsOnePixelAndKeepsScaleOutOfTheFile() throws {
        var bitmap = Bitmap(width: 1, height: 1, scale: 3, fill: .clear)
        bitmap[0, 0] = PremultipliedPixel(red: 1, green: 0, blue: 2, alpha: 3)
        let decoded = try PNGCodec.decode(try PNGCodec.encode(bitmap), scale: 3)
        #expect(decoded == bitmap)
    }

    @Test func refusesToEncodeEmptyBitmap() {
        #expect(throws: PNGCodec.Error.emptyImage(width: 0, height: 5)) {
            try PNGCodec.encode(Bitmap(width: 0, height: 5))
        }
    }

    // MARK: (f) deterministic output

    @Test func encodingIsDeterministicAndCarriesNoTimeOrText() throws {
        for opaque in [false, true] {
            let bitmap = try Self.randomBitmap(width: 33, height: 17, seed: 99, opaque: opaque)
            let first = try PNGCodec.encode(bitmap)
            let second = try PNGCodec.encode(bitmap)
            #expect(first == second)
            let types = PNGBuilder.chunkTypes(Array(first))
            #expect(types.first == "IHDR" && types.last == "IEND", "chunks: \(types)")
            for forbidden in ["tIME", "tEXt", "zTXt", "iTXt"] {
                #expect(!types.contains(forbidden), "encoded PNG carries \(forbidden): \(types)")
            }
        }
    }

    // MARK: (g) premultiplication and the decoding contract

    @Test func premultipliesStraightAlphaAtDecode() throws {
        let alphas: [UInt8] = [128, 0, 1, 64, 254, 255]
        var rows: [[UInt8]] = []
        for a in alphas {
            var row: [UInt8] = []
            for c in 0..<256 { row += [UInt8(c), UInt8(255 - c), UInt8(c / 2), a] }
            rows.append(row)
        }
        let data = Data(PNGBuilder.image(width: 256, height: alphas.count, bitDepth: 8, colorType: 6, rows: rows))

        let straight = try PNGCodec.decodeStraightRGBA(data)
        #expect(straight.pixels == rows.flatMap { $0 }, "straight decode must return the file's samples")

        let bitmap = try PNGCodec.decode(data)
        for (y, a) in alphas.enumerated() {
            for c in 0..<256 {
                let expected = [c, 255 - c, c / 2].map { UInt8((Int($0) * Int(a) + 127) / 255) }
                let p = bitmap[c, y]
                #expect([p.red, p.green, p.blue, p.alpha] == expected + [a], "alpha \(a), column \(c)")
                #expect(p.red == PixelMath.multiply(UInt8(c), a))
            }
        }
    }

    @Test func rounds16BitSamplesToEight() throws {
        // Every 16-bit value once: 256 x 256 grey.
        var rows: [[UInt8]] = []
        for y in 0..<256 {
            var row: [UInt8] = []
            for x in 0..<256 { row += [UInt8(y), UInt8(x)] }
            rows.append(row)
        }
        let data = Data(PNGBuilder.image(width: 256, height: 256, bitDepth: 16, colorType: 0, rows: rows))
        let (_, pixels) = try PNGCodec.decodeStraightRGBA(data)
        var mismatches = 0
        for v in 0..<65_536 {
            let expected = UInt8((v * 255 + 32_895) >> 16)
            let i = v * 4
            if pixels[i] != expected || pixels[i + 1] != expected || pixels[i + 2] != expected || pixels[i + 3] != 255 {
                if mismatches == 0 { Issue.record("16-bit \(v): got \(Self.hex(pixels[i..<i + 4])), expected \(expected)") }
                mismatches += 1
            }
        }
        #expect(mismatches == 0, "\(mismatches) of 65536 16-bit values rounded differently")
    }

    @Test func ignoresColourChunks() throws {
        var rows: [[UInt8]] = []
        var rgba: [UInt8] = []
        for y in 0..<16 {
            var row: [UInt8] = []
            for x in 0..<16 {
                let rgb = [UInt8(x * 16 + y), UInt8(255 - x * 16), UInt8(y * 16)]
                row += rgb
                rgba += rgb + [255]
            }
            rows.append(row)
        }
        let plain = PNGBuilder.image(width: 16, height: 16, bitDepth: 8, colorType: 2, rows: rows)
        let gamma = PNGBuilder.bigEndian(50_000)  // gamma 0.5: would visibly brighten if applied
        let chrmValues: [UInt32] = [31_270, 32_900, 64_000, 33_000, 30_000, 60_000, 15_000, 6_000]
        let chrm = chrmValues.flatMap { PNGBuilder.bigEndian($0) }
        let tagged = PNGBuilder.image(
            width: 16, height: 16, bitDepth: 8, colorType: 2, rows: rows,
            extraChunks: [("gAMA", gamma), ("cHRM", chrm), ("bKGD", [0, 9, 0, 9, 0, 9])])
        let expected = try PNGCodec.decodeStraightRGBA(Data(plain)).pixels
        #expect(expected == rgba)
        #expect(try PNGCodec.decodeStraightRGBA(Data(tagged)).pixels == expected)
    }

    // MARK: (h) not PNG at all

    @Test(arguments: [
        ("empty", [UInt8]()),
        ("three bytes", [0x89, 0x50, 0x4E]),
        ("JPEG", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]),
        ("GIF", Array("GIF89a\u{1}\0\u{1}\0\0\0\0".utf8)),
        ("text", Array("<html><body>404 Not Found</body></html>".utf8))
    ])
    func rejectsNonPNG(_ label: String, _ bytes: [UInt8]) {
        let data = Data(bytes)
        #expect(throws: PNGCodec.Error.notPNG(byteCount: bytes.count), "\(label)") { try PNGCodec.decode(data) }
        #expect(throws: PNGCodec.Error.notPNG(byteCount: bytes.count), "\(label)") { try PNGCodec.header(of: data) }
        #expect(PNGCodec.Error.notPNG(byteCount: bytes.count).description.contains("not a PNG"))
    }

    // MARK: (i) files and scale

    @Test func missingFileIsUnreadable() {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("vignette-missing-\(UUID().uuidString)/nothing.png").path
        do {
            _ = try PNGCodec.decode(contentsOf: path)
            Issue.record("decoding a missing file succeeded")
        } catch {
            guard case .unreadable(let reportedPath, let reason) = error else {
                Issue.record("expected .unreadable, got \(error)")
                return
            }
            #expect(reportedPath == path)
            #expect(!reason.isEmpty)
            #expect(error.description.contains(path))
        }
    }

    @Test func scaleComesFromTheFileName() throws {
        #expect(ImageScale.fromFileName("x@2x.png") == 2)
        #expect(ImageScale.fromFileName("/a/b/icon@3x.png") == 3)
        #expect(ImageScale.fromFileName("icon.png") == 1)

        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("vignette-png-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("x@2x.png")
        try Fixtures.data("pngsuite/basn6a08.png").write(to: file)

        let bitmap = try PNGCodec.decode(contentsOf: file.path)
        #expect(bitmap.scale == 2)
        #expect(bitmap.size == Size(width: 16, height: 16))
        #expect(try PNGCodec.decode(contentsOf: file.path, scale: 1).scale == 1)
    }
}
