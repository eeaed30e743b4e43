import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// `jpegHuffman`: the server fits Huffman tables to small JPEGs only by
/// default, as the file says otherwise, and names a wrong value.
@Suite(.timeLimit(.minutes(30))) struct JPEGHuffmanConfigurationTests {
    @Test func theFileChoosesTheTables() throws {
        #expect(try ServerConfiguration(yaml: "").jpegHuffman == .optimizedUpTo(pixels: 16_384))
        #expect(try ServerConfiguration(yaml: "jpegHuffman: auto").jpegHuffman == .optimizedUpTo(pixels: 16_384))
        #expect(try ServerConfiguration(yaml: "jpegHuffman: optimized").jpegHuffman == .optimized)
        #expect(try ServerConfiguration(yaml: "jpegHuffman: standard").jpegHuffman == .standard)
        for yaml in ["jpegHuffman: fast", "jpegHuffman: 3"] {
            do {
                _ = try ServerConfiguration(yaml: yaml)
                Issue.record("\(yaml) was accepted")
            } catch {
                #expect("\(error)".contains("jpegHuffman"), "\(error)")
            }
        }
    }

    @Test func smallOutputsGetFittedTablesAndLargerOnesTheStandards() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing()) { server in
            let small = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 100, h: 100, "&format=jpeg")
            let large = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 200, h: 150, "&format=jpeg")
            #expect(small.status == 200 && large.status == 200)
            #expect(JPEGHuffmanTables.luminanceDCCounts(in: small.body) != nil)
            #expect(!JPEGHuffmanTables.usesStandardTables(small.body))
            #expect(JPEGHuffmanTables.usesStandardTables(large.body))
        }
        var fitted = ServerConfiguration.testing()
        fitted.jpegHuffman = .optimized
        try await TestServer.with(fitted) { server in
            let large = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 200, h: 150, "&format=jpeg")
            #expect(!JPEGHuffmanTables.usesStandardTables(large.body))
        }
    }

    /// A route's own bitmap (`RenderReply.image`, and through it Vapor's
    /// `RenderedImage`) is encoded exactly as the service encodes a render.
    @Test func aRoutesOwnBitmapIsEncodedAsTheServiceEncodes() throws {
        let large = TestImages.noisy(TestImages.gradient(200, 150))
        let reply = RenderReply.image(large, format: .jpeg, accept: nil, ifNoneMatch: nil)
        #expect(reply.body == (try large.encoded(as: .jpeg, options: ServerConfiguration().encodingOptions(quality: 80))))
        #expect(JPEGHuffmanTables.usesStandardTables(reply.body))
        let small = RenderReply.image(TestImages.noisy(TestImages.gradient(100, 100)), format: .jpeg, accept: nil, ifNoneMatch: nil)
        #expect(!JPEGHuffmanTables.usesStandardTables(small.body))
    }
}
