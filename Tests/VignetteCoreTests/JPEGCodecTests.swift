import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// A fixture and the Pillow decode it must match pixel for pixel.
struct JPEGReferenceCase: Sendable, CustomTestStringConvertible {
    let fixture: String
    let reference: String
    let colorSpace: JPEGCodec.ColorSpace
    var testDescription: String { fixture }

    static let all: [JPEGReferenceCase] = [
        .init(fixture: "s444.jpg", reference: "s444.png", colorSpace: .yCbCr),
        .init(fixture: "s422.jpg", reference: "s422.png", colorSpace: .yCbCr),
        .init(fixture: "s420.jpg", reference: "s420.png", colorSpace: .yCbCr),
        .init(fixture: "grey.jpg", reference: "grey.png", colorSpace: .grey),
        .init(fixture: "progressive.jpg", reference: "s420.png", colorSpace: .yCbCr),
        .init(fixture: "restart.jpg", reference: "s420.png", colorSpace: .yCbCr),
        .init(fixture: "cmyk.jpg", reference: "cmyk.png", colorSpace: .cmyk),
        .init(fixture: "cmyk-plain.jpg", reference: "cmyk-plain.png", colorSpace: .cmyk),
        .init(fixture: "ycck.jpg", reference: "ycck.png", colorSpace: .ycck),
        .init(fixture: "testorig.jpg", reference: "testorig.png", colorSpace: .yCbCr),
        .init(fixture: "testimgint.jpg", reference: "testimgint.png", colorSpace: .yCbCr),
        .init(fixture: "testimgari.jpg", reference: "testimgint.png", colorSpace: .yCbCr)
    ]
}

@Suite struct JPEGCodecTests {
    @Test(arguments: JPEGReferenceCase.all)
    func decodesLikePillow(_ c: JPEGReferenceCase) throws {
        let data = try JPEGFixtures.data(c.fixture)
        let header = try JPEGCodec.header(of: data)
        #expect(header.colorSpace == c.colorSpace)
        let bitmap = try JPEGCodec.decode(data)
        #expect(bitmap.isOpaque)
        let difference = JPEGFixtures.firstDifference(bitmap, try JPEGFixtures.reference(c.reference))
        #expect(difference == nil, "\(c.fixture): \(difference ?? "")")
    }

    @Test func headerDescribesTheCoding() throws {
        let progressive = try JPEGCodec.header(of: JPEGFixtures.data("progressive.jpg"))
        #expect(progressive.isProgressive && !progressive.isArithmeticCoded)
        #expect((progressive.width, progressive.height, progressive.components, progressive.precision) == (101, 75, 3, 8))
        let arithmetic = try JPEGCodec.header(of: JPEGFixtures.data("testimgari.jpg"))
        #expect(arithmetic.isArithmeticCoded && !arithmetic.isProgressive)
        #expect(try JPEGCodec.header(of: JPEGFixtures.data("ycck.jpg")).adobeTransform == 2)
        #expect(try JPEGCodec.header(of: JPEGFixtures.data("cmyk-plain.jpg")).adobeTransform == nil)
        #expect(try JPEGCodec.header(of: JPEGFixtures.data("grey.jpg")).components == 1)
    }

    @Test func twelveBitSamplesAreATypedUnsupportedError() throws {
        let data = try JPEGFixtures.data("monkey12.jpg")
        #expect(JPEGCodec().recognizes(data))
        do {
            _ = try ImageDecoders.standard.decode(data)
            Issue.record("a 12-bit JPEG decoded with an 8-bit libjpeg-turbo")
        } catch {
            guard case .unsupported(let detail) = error.reason else {
                Issue.record("\(error)")
                return
            }
            #expect(detail.contains("12-bit"), "\(detail)")
            #expect(error.format == .jpeg && !error.isDamagedData)
            #expect(error.underlying is JPEGCodec.Error)
        }
    }

    @Test func standardDecodersSniffJPEG() throws {
        let data = try JPEGFixtures.data("s420.jpg")
        #expect(ImageDecoders.standard.formats.contains(.jpeg))
        #expect(ImageDecoders.standard.decoder(for: data)?.format == .jpeg)
        #expect(!JPEGCodec().recognizes(Fixtures.iconPNG))
        #expect(!JPEGCodec().recognizes(Data([0xFF, 0xD8])))
        let bitmap = try Bitmap(decoding: data, options: DecodingOptions(scale: 2))
        #expect((bitmap.width, bitmap.height, bitmap.scale) == (101, 75, 2))
    }

    @Test func invalidScaleIsRejected() throws {
        let data = try JPEGFixtures.data("s420.jpg")
        #expect(throws: JPEGCodec.Error.invalidScale(0)) { try JPEGCodec.decode(data, options: DecodingOptions(scale: 0)) }
    }

    @Test func versionIsReported() {
        #expect(JPEGCodec.libjpegTurboVersion.split(separator: ".").count == 3)
    }
}
