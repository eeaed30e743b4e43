import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// A JPEG whose entropy data is damaged inside a complete file decodes as
/// libjpeg conceals it (what browsers show), with a `DecodingWarning`;
/// `rejectsDamagedData` refuses it instead; a truncated file is refused
/// either way (the leniency policy in CodecsAndFormats.md).
@Suite struct JPEGDamagedDataTests {
    static let strict = DecodingOptions(rejectsDamagedData: true)

    /// Baseline 4:2:0, 4:4:4, a photo, restart intervals, progressive.
    static let names = ["s420.jpg", "s444.jpg", "photo.jpg", "restart.jpg", "progressive.jpg"]

    /// At 0.8 of the scan data every fixture meets the bad code (nearer the
    /// start, libjpeg can fall out of step without noticing: no warning, so
    /// nothing to report — damage a decoder cannot see, no one can).
    static func damaged(_ name: String, at fraction: Double = 0.8) throws -> Data {
        let original = [UInt8](try JPEGFixtures.data(name))
        let damaged = DamagedJPEG.badHuffmanCode(original, at: fraction)
        try #require(damaged != original && damaged.count == original.count, "\(name): no place to damage")
        return Data(damaged)
    }

    @Test(arguments: names)
    func damagedEntropyDataDecodesWithAWarning(_ name: String) throws {
        let data = try Self.damaged(name)
        let original = try JPEGCodec.decode(JPEGFixtures.data(name))
        let (bitmap, warnings) = try ImageDecoders.standard.decodeReporting(data)
        #expect(bitmap.width == original.width && bitmap.height == original.height)
        #expect(bitmap.pixels != original.pixels, "\(name): the damage changed nothing")
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1 && warning.format == .jpeg && warning.kind == .damagedData)
        #expect(warning.detail.hasPrefix("Corrupt JPEG data"), "\(warning.detail)")
        #expect(warning.occurrences >= 1)
        #expect(warning.description.hasPrefix("damaged JPEG data concealed: Corrupt JPEG data"), "\(warning)")
        // decode(_:options:) gives the same pixels, silently; and the same bytes every time.
        #expect(try JPEGCodec.decode(data).pixels == bitmap.pixels)
        #expect(try ImageDecoders.standard.decode(data).pixels == bitmap.pixels)
    }

    /// The rows before the damage are the undamaged file's, exactly.
    @Test func rowsBeforeTheDamageAreIntact() throws {
        let data = try Self.damaged("photo.jpg", at: 0.8)
        let original = try JPEGCodec.decode(JPEGFixtures.data("photo.jpg"))
        let (bitmap, warnings) = try JPEGCodec.decodeReporting(data)
        #expect(warnings.count == 1)
        let topRows = original.width * 4 * 32
        #expect(bitmap.pixels.prefix(topRows) == original.pixels.prefix(topRows))
        #expect(bitmap.pixels.suffix(topRows) != original.pixels.suffix(topRows))
    }

    @Test(arguments: names)
    func strictDecodingRefusesDamagedEntropyData(_ name: String) throws {
        let data = try Self.damaged(name)
        let lenient = try #require(try JPEGCodec.decodeReporting(data).warnings.first)
        // A strict decode stops at the first occurrence.
        let first = DecodingWarning(format: .jpeg, kind: .damagedData, detail: lenient.detail)
        #expect(throws: JPEGCodec.Error.damagedData(first)) { try JPEGCodec.decode(data, options: Self.strict) }
        let shared = try #require(throws: ImageDecoders.Error.self) { try ImageDecoders.standard.decodeReporting(data, options: Self.strict) }
        #expect(shared.reason == .damagedData(first) && shared.format == .jpeg && shared.isDamagedData)
        #expect(shared.description == "corrupt JPEG: \(lenient.detail) (refused: damaged data is rejected)", "\(shared)")
    }

    /// A marker where the data has none (libjpeg: "premature end of data
    /// segment"): concealed with grey, a warning; strict refuses it.
    @Test func aStrayMarkerIsConcealedWithAWarning() throws {
        var bytes = [UInt8](try JPEGFixtures.data("s420.jpg"))
        let middle = bytes.count * 2 / 3
        bytes.replaceSubrange(middle..<middle + 2, with: [0xFF, 0xD3])
        let (bitmap, warnings) = try JPEGCodec.decodeReporting(Data(bytes))
        #expect(bitmap.width == 101 && bitmap.height == 75)
        #expect(warnings.first?.detail.lowercased().contains("corrupt") == true, "\(warnings)")
        guard
            case .damagedData(let warning) = Result(catching: { () throws(JPEGCodec.Error) in try JPEGCodec.decode(Data(bytes), options: Self.strict) }).failure
        else {
            Issue.record("a strict decode accepted a stray marker")
            return
        }
        #expect(warning.detail == warnings.first?.detail)
    }

    /// Truncation is refused in both modes: most often a download cut
    /// short, which a pipeline should fetch again rather than keep half grey.
    @Test(arguments: [0.5, 0.9])
    func truncationIsRefusedInBothModes(_ fraction: Double) throws {
        let data = try JPEGFixtures.data("photo.jpg")
        let cut = Data(data.prefix(Int(Double(data.count) * fraction)))
        for options in [DecodingOptions(), Self.strict] {
            guard case .truncated = Result(catching: { () throws(JPEGCodec.Error) in try JPEGCodec.decodeReporting(cut, options: options) }).failure else {
                Issue.record("cut to \(fraction) decoded (rejectsDamagedData: \(options.rejectsDamagedData))")
                continue
            }
        }
    }

    /// A whole file: no warning, and strict decodes it too, identically.
    @Test func anIntactFileHasNoWarning() throws {
        let data = try JPEGFixtures.data("photo.jpg")
        let (bitmap, warnings) = try ImageDecoders.standard.decodeReporting(data)
        #expect(warnings.isEmpty)
        #expect(try JPEGCodec.decode(data, options: Self.strict) == bitmap)
        // Decoders that repair nothing report nothing (the protocol's default).
        #expect(try ImageDecoders.standard.decodeReporting(Fixtures.iconPNG).warnings.isEmpty)
    }

    /// Shrink-on-load and cropped-column decodes see the damage too.
    @Test func shrunkDecodesReportTheDamage() throws {
        let data = try Self.damaged("photo.jpg")
        let target = ShrinkTarget(size: PixelSize(width: 50, height: 34), contentMode: .aspectFit)
        let (bitmap, warnings) = try JPEGCodec.decodeReporting(data, options: DecodingOptions(shrinkTarget: target))
        #expect(bitmap.width < 203 && warnings.count == 1)
        #expect(throws: JPEGCodec.Error.self) { try JPEGCodec.decode(data, options: DecodingOptions(shrinkTarget: target, rejectsDamagedData: true)) }
    }

    @Test func strictnessIsPartOfTheDecodeKey() {
        #expect(DecodingOptions() != Self.strict)
        #expect(Set([DecodingOptions(), Self.strict, DecodingOptions()]).count == 2)
        #expect(!DecodingOptions().rejectsDamagedData)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
