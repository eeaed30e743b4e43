import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// A preset's `formats`: what `Accept` may pick, in the preset's order, with
/// q-values read as RFC 9110 writes them; `format=` limited to the list plus
/// the JPEG/PNG fallbacks; AVIF answered and decodable.
@Suite(.timeLimit(.minutes(30))) struct FormatNegotiationTests {
    static let browser = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"

    @Test func thePresetsOrderDecidesAmongTheNamedTypes() {
        let both: [ImageFormat] = [.avif, .webp, .jpeg]
        #expect(ImageFormat.negotiate(accept: Self.browser, isOpaque: true, candidates: both) == .avif)
        #expect(ImageFormat.negotiate(accept: "image/webp, image/avif;q=0.1", isOpaque: true, candidates: both) == .avif)
        #expect(ImageFormat.negotiate(accept: Self.browser, isOpaque: true, candidates: [.webp, .avif]) == .webp)
        #expect(ImageFormat.negotiate(accept: "image/avif;q=0, image/webp", isOpaque: true, candidates: both) == .webp)
        #expect(ImageFormat.negotiate(accept: "image/avif ; Q=0.000, image/webp;q=0", isOpaque: true, candidates: both) == .jpeg)
        #expect(ImageFormat.negotiate(accept: Self.browser, isOpaque: true, candidates: []) == .jpeg)
        #expect(ImageFormat.negotiate(accept: "image/png", isOpaque: true, candidates: [.png, .jpeg]) == .png)
    }

    @Test func wildcardsNameNoFormatAndTheFallbackKeepsAlpha() {
        let candidates: [ImageFormat] = [.avif, .webp, .jpeg]
        #expect(ImageFormat.negotiate(accept: "*/*", isOpaque: true, candidates: candidates) == .jpeg)
        #expect(ImageFormat.negotiate(accept: "image/*", isOpaque: false, candidates: candidates) == .png)
        #expect(ImageFormat.negotiate(accept: nil, isOpaque: false, candidates: candidates) == .png)
        // JPEG named in Accept and the list still cannot carry transparency.
        #expect(ImageFormat.negotiate(accept: "image/jpeg", isOpaque: false, candidates: candidates) == .png)
        #expect(ImageFormat.negotiate(accept: "image/jpeg", isOpaque: true, candidates: candidates) == .jpeg)
    }

    @Test func malformedQValuesNameNothingAndRepeatsTakeTheHighest() {
        let avif: [ImageFormat] = [.avif]
        for bad in ["q=2", "q=-1", "q=0.5000", "q=nan", "q=1.5", "q=", "q=.5", "q=1e0"] {
            #expect(ImageFormat.negotiate(accept: "image/avif;\(bad)", isOpaque: true, candidates: avif) == .jpeg, "\(bad)")
        }
        for good in ["q=1", "q=1.", "q=1.000", "q=0.001", "q=0.5", "Q=0.9", "level=1;q=0.2"] {
            #expect(ImageFormat.negotiate(accept: "image/avif;\(good)", isOpaque: true, candidates: avif) == .avif, "\(good)")
        }
        #expect(ImageFormat.negotiate(accept: "image/avif;q=0, image/avif;q=0.3", isOpaque: true, candidates: avif) == .avif)
        #expect(ImageFormat.negotiate(accept: "image/avifx, image/avif+xml", isOpaque: true, candidates: avif) == .jpeg)
    }

    @Test func theOldCallIsTheWebPCandidateAlone() {
        for accept in [nil, "*/*", Self.browser, "image/webp;q=0", "IMAGE/WEBP ; q=0.5", "image/avif"] {
            for isOpaque in [true, false] {
                #expect(
                    ImageFormat.negotiate(accept: accept, isOpaque: isOpaque)
                        == ImageFormat.negotiate(accept: accept, isOpaque: isOpaque, candidates: [.webp]))
            }
        }
    }

    @Test func presetsDefaultToWebPThenJPEGAndDropWhatCannotBeWritten() throws {
        var presets = Presets()
        presets.register("plain") { ImageDescriptor($0) }
        presets.register("odd", formats: [.avif, .heic, .avif, .webp]) { ImageDescriptor($0) }
        #expect(presets["plain"]?.formats == [.webp, .jpeg])
        #expect(presets["plain"]?.requestableFormats == [.webp, .jpeg, .png])
        #expect(presets["odd"]?.formats == [.avif, .webp])
        #expect(presets["odd"]?.requestableFormats == [.avif, .webp, .jpeg, .png])
        let configuration = try ServerConfiguration(yaml: "presets: {a: {formats: [avif, webp, jpg]}, b: {formats: []}, c: {}}")
        #expect(configuration.presets["a"]?.formats == [.avif, .webp, .jpeg])
        #expect(configuration.presets["b"]?.formats == [])
        #expect(configuration.presets["c"]?.formats == [.webp, .jpeg])
    }

    @Test(arguments: [
        ("presets: {a: {formats: [webp, heic]}}", "presets.a.formats[1]: 'heic' is not one of png, jpeg, webp, avif, gif"),
        ("presets: {a: {formats: [avif, avif]}}", "presets.a.formats[1]: avif is listed twice"),
        ("presets: {a: {formats: avif}}", "presets.a.formats: expected a list of strings")
    ])
    func badFormatListsNameTheKey(yaml: String, message: String) {
        do {
            _ = try ServerConfiguration(yaml: yaml)
            Issue.record("accepted: \(yaml)")
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
        }
    }

    static func avifPreset(_ configuration: inout ServerConfiguration) {
        var definition = PresetDefinition(contentMode: .aspectFill, background: .placeholderGray)
        definition.formats = [.avif, .webp, .jpeg]
        configuration.presets["modern"] = definition
    }

    @Test func aPresetListingAVIFAnswersBrowsersWithIt() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing(Self.avifPreset)) { server in
            let avif = try await server.render(
                "modern", source: origin.address("/photo.jpg"), w: 30, h: 20, headers: ["Accept": Self.browser])
            #expect(avif.status == 200 && avif.header("Content-Type") == "image/avif")
            #expect(avif.header("Vary") == "Accept")
            let decoded = try Bitmap(decoding: avif.body)
            #expect((decoded.width, decoded.height) == (30, 20))
            let refused = try await server.render(
                "modern", source: origin.address("/photo.jpg"), w: 30, h: 20,
                headers: ["Accept": "image/avif;q=0,image/webp,*/*"])
            #expect(refused.header("Content-Type") == "image/webp")
            let any = try await server.render(
                "modern", source: origin.address("/photo.jpg"), w: 30, h: 20, headers: ["Accept": "*/*"])
            #expect(any.header("Content-Type") == "image/jpeg" && any.header("Vary") == "Accept")
            let named = try await server.render("modern", source: origin.address("/photo.jpg"), w: 30, h: 20, "&format=avif&q=50")
            #expect(named.header("Content-Type") == "image/avif" && named.header("Vary") == nil)
        }
    }

    @Test func theDefaultPresetNeverNegotiatesAVIFAndRefusesItByName() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing()) { server in
            let webp = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 30, h: 20, headers: ["Accept": Self.browser])
            #expect(webp.header("Content-Type") == "image/webp")
            let refused = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 30, h: 20, "&format=avif")
            #expect(refused.status == 400)
            #expect(refused.text.contains("format=avif: expected one of this preset's formats, webp, jpeg, png"), "\(refused.text)")
            // The fallbacks stay requestable: URLs written before `formats` keep working.
            let png = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 30, h: 20, "&format=png")
            #expect(png.status == 200 && png.header("Content-Type") == "image/png")
            let unlisted = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 30, h: 20, "&format=gif")
            #expect(unlisted.status == 400 && unlisted.text.contains("format=gif: expected one of this preset's formats"))
            let unknown = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 30, h: 20, "&format=bmp")
            #expect(unknown.status == 400 && unknown.text.contains("format=bmp: expected png, jpeg, webp, avif or gif"), "\(unknown.text)")
        }
    }
}
