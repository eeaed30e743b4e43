import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Damaged and hostile JPEGs: typed errors, never a partly grey image for a
/// truncated file, no allocation before the pixel limit is checked.
@Suite struct JPEGRobustnessTests {
    static func decodeError(_ data: Data, options: DecodingOptions = DecodingOptions()) -> JPEGCodec.Error? {
        do {
            _ = try JPEGCodec.decode(data, options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: ["s420.jpg", "progressive.jpg", "restart.jpg", "testimgari.jpg", "cmyk.jpg"])
    func truncatedFilesAreErrors(_ name: String) throws {
        let data = try JPEGFixtures.data(name)
        for fraction in [0.3, 0.6, 0.95] {
            let cut = data.prefix(Int(Double(data.count) * fraction))
            let error = Self.decodeError(Data(cut))
            guard case .truncated = error else {
                Issue.record("\(name) cut to \(fraction): \(error.map { "\($0)" } ?? "decoded")")
                continue
            }
            let shared = try #require(throws: ImageDecoders.Error.self) { try JPEGCodec().decode(Data(cut), options: DecodingOptions()) }
            #expect(shared.isDamagedData && shared.format == .jpeg, "\(shared)")
        }
    }

    @Test func headerOnlyAndTinyInputsAreErrors() throws {
        let data = try JPEGFixtures.data("s420.jpg")
        #expect(Self.decodeError(data.prefix(2)).map { if case .truncated = $0 { true } else { false } } == true)
        #expect(Self.decodeError(data.prefix(200)).map { if case .truncated = $0 { true } else { false } } == true)
        #expect(Self.decodeError(Data()) == .notJPEG(byteCount: 0))
        #expect(Self.decodeError(Fixtures.iconPNG) == .notJPEG(byteCount: Fixtures.iconPNG.count))
    }

    @Test func onlyDamageThatLosesPixelsIsAnError() throws {
        let data = try JPEGFixtures.data("s420.jpg")
        let reference = try JPEGCodec.decode(data)
        // Without its EOI marker the file is truncated, as Pillow also says.
        guard case .truncated = Self.decodeError(data.dropLast(2)) else {
            Issue.record("a file without EOI decoded")
            return
        }
        // Bytes after EOI and junk before a marker (a libjpeg warning) leave every pixel intact.
        #expect(try JPEGCodec.decode(data + Data("trailing garbage".utf8)) == reference)
        let table = try #require([UInt8](data).indices.first { data[$0] == 0xFF && data[$0 + 1] == 0xDB })
        #expect(try JPEGCodec.decode(data.prefix(table) + Data([0, 0, 0]) + data.dropFirst(table)) == reference)
    }

    @Test func aMarkerInsideEntropyDataIsAnErrorWhenStrict() throws {
        // An RST marker where the file has none: libjpeg fills the rest with
        // grey. Lenient decodes show that with a warning (JPEGDamagedDataTests).
        var bytes = [UInt8](try JPEGFixtures.data("s420.jpg"))
        let middle = bytes.count * 2 / 3
        bytes.replaceSubrange(middle..<middle + 2, with: [0xFF, 0xD3])
        guard case .damagedData(let warning) = Self.decodeError(Data(bytes), options: DecodingOptions(rejectsDamagedData: true)) else {
            Issue.record("decoded despite a stray marker")
            return
        }
        #expect(warning.detail.lowercased().contains("corrupt"), "\(warning)")
    }

    @Test func zeroSizedFrameIsMalformed() throws {
        let data = try JPEGFixtures.claiming(width: 0, height: 75, in: JPEGFixtures.data("s420.jpg"))
        guard case .malformed = Self.decodeError(data) else {
            Issue.record("a 0-wide frame decoded")
            return
        }
    }

    @Test func pixelLimitIsCheckedBeforeAllocating() throws {
        // 60000 × 60000 would need 14.4 GB: the header alone must stop it, at once.
        let original = try JPEGFixtures.data("s420.jpg")
        let data = try JPEGFixtures.claiming(width: 60_000, height: 60_000, in: original)
        #expect(Self.decodeError(data) == .tooLarge(width: 60_000, height: 60_000, limit: 100_000_000))
        // Even a caller who allows everything gets the 2^31 - 1 pixel ceiling.
        #expect(
            Self.decodeError(data, options: DecodingOptions(maxPixelCount: .max))
                == .tooLarge(width: 60_000, height: 60_000, limit: Int(Int32.max)))
        // The header alone decides (work, not time): cut after the first
        // scan's header, before any coded data, it is refused the same way,
        // while the unpatched file cut there is truncated.
        let header = try #require(Self.endOfFirstScanHeader([UInt8](data)))
        #expect(Self.decodeError(data.prefix(header)) == .tooLarge(width: 60_000, height: 60_000, limit: 100_000_000))
        guard case .truncated = Self.decodeError(original.prefix(header)) else {
            Issue.record("the unpatched header alone decoded")
            return
        }
        let error = try #require(throws: ImageDecoders.Error.self) { try ImageDecoders.standard.decode(data) }
        #expect(error.reason == .tooLarge(width: 60_000, height: 60_000, limit: 100_000_000) && !error.isDamagedData)
    }

    @Test func tooManyScansAreRefused() throws {
        // A progressive file with one AC scan repeated 600 times: each repeat
        // walks the whole image, so an unbounded count is a cheap denial of service.
        let bytes = [UInt8](try JPEGFixtures.data("progressive.jpg"))
        let scan = try #require(Self.firstACScan(bytes))
        func repeated(toTotal total: Int) -> Data {
            var hostile = Array(bytes[..<(bytes.count - 2)])
            for _ in 0..<(total - Self.scanCount(bytes)) { hostile += bytes[scan] }
            return Data(hostile + [0xFF, 0xD9])
        }
        let error = Self.decodeError(repeated(toTotal: 600))
        guard case .malformed(let reason) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(reason.contains("scans"), "\(reason)")
        // Work counted, not time: 500 scans decode, the 501st is refused.
        #expect(Self.scanCount([UInt8](repeated(toTotal: 501))) == 501)
        #expect(Self.decodeError(repeated(toTotal: 500)) == nil)
        #expect(Self.decodeError(repeated(toTotal: 501)) == error)
    }

    /// How many scans (SOS markers) the file holds, walking marker segments
    /// and skipping each scan's coded data.
    static func scanCount(_ bytes: [UInt8]) -> Int {
        var (i, count) = (2, 0)
        while i + 4 < bytes.count, bytes[i] == 0xFF {
            let isScan = bytes[i + 1] == 0xDA
            i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
            guard isScan else { continue }
            count += 1
            while i + 1 < bytes.count, !(bytes[i] == 0xFF && bytes[i + 1] != 0 && !(0xD0...0xD7).contains(bytes[i + 1])) { i += 1 }
        }
        return count
    }

    /// The offset just past the first SOS marker segment: every header, no coded data.
    static func endOfFirstScanHeader(_ bytes: [UInt8]) -> Int? {
        var i = 2
        while i + 4 < bytes.count, bytes[i] == 0xFF {
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if bytes[i + 1] == 0xDA { return i + 2 + length }
            i += 2 + length
        }
        return nil
    }

    /// The bytes of the first AC first-pass scan (Ss > 0, Ah = 0), from its
    /// SOS marker to the next marker: its data does not depend on earlier
    /// scans, so repeats of it decode (refinement scans would not).
    static func firstACScan(_ bytes: [UInt8]) -> Range<Int>? {
        var i = 2
        while i + 4 < bytes.count, bytes[i] == 0xFF {
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard bytes[i + 1] == 0xDA else {
                i += 2 + length
                continue
            }
            let components = Int(bytes[i + 4])
            let spectral = i + 5 + 2 * components
            var end = i + 2 + length
            while end + 1 < bytes.count, !(bytes[end] == 0xFF && bytes[end + 1] != 0 && !(0xD0...0xD7).contains(bytes[end + 1])) { end += 1 }
            if bytes[spectral] > 0 && bytes[spectral + 2] >> 4 == 0 { return i..<end }
            i = end
        }
        return nil
    }
}
