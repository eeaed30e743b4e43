import Foundation
import Testing
import Vignette
import VignetteServer

/// Inputs the libFuzzer harnesses of `Fuzz/` found (`make fuzz`), kept so
/// that the fixes stay.
@Suite struct ServerFuzzFindingsTests {
    private let source = "url=https%3A%2F%2Fcdn.example.com%2Fp.gif"

    /// `server-query`: a query piece of a lone `=` (`?=`, `&=&`, `&=v`) split
    /// into no parts and trapped on `parts[0]`, killing the server for one
    /// unsigned request. It is now an unknown (empty) parameter, a 400.
    @Test func anEmptyParameterNameIsA400NotATrap() async throws {
        let limits = ServerConfiguration.Limits()
        for query in ["=", "\(source)&=&w=1&h=1", "\(source)&w=1&h=1&=v"] {
            #expect(throws: RenderParameters.Error.unknownParameter("")) { try RenderParameters(query: query, limits: limits) }
        }
        var configuration = ServerConfiguration()
        configuration.presets = ["thumb": PresetDefinition()]
        let service = try RenderService(configuration: configuration)
        let reply = await service.render(target: "/render/thumb?=", preset: "thumb", accept: nil, ifNoneMatch: nil)
        #expect(reply.status == 400)
    }

    /// `server-query`: `scale=1e-3` passed every limit and asked for a
    /// 0×0-pixel output, refused only by the surface after admission.
    @Test func aScaleThatRoundsToNoPixelsIsA400() async throws {
        let limits = ServerConfiguration.Limits()
        #expect(throws: RenderParameters.Error.outputSize(width: 0, height: 0)) {
            try RenderParameters(query: "\(source)&w=16&h=16&scale=1e-3", limits: limits)
        }
        let smallest = try RenderParameters(query: "\(source)&w=16&h=16&scale=0.04", limits: limits)
        #expect(smallest.scale == 0.04)  // 0.64 pixels rounds to 1
        var configuration = ServerConfiguration()
        configuration.presets = ["thumb": PresetDefinition()]
        let service = try RenderService(configuration: configuration)
        let reply = await service.render(
            target: "/render/thumb?\(source)&w=16&h=16&scale=1e-3", preset: "thumb",
            accept: nil, ifNoneMatch: nil)
        #expect(reply.status == 400)
        #expect(String(decoding: reply.body, as: UTF8.self).contains("0×0 pixels"))
    }

    /// The same for the other end: with the largest limits the file allows,
    /// `w=32768&scale=2` is under the pixel limit but over 32768 pixels a side.
    @Test func anOutputOverTheSurfaceSideLimitIsA400() throws {
        var limits = ServerConfiguration.Limits()
        (limits.maxWidth, limits.maxScale, limits.maxOutputPixels) = (32768, 8, ImageSurface.maxPixelCount)
        #expect(throws: RenderParameters.Error.outputSize(width: 65536, height: 2)) {
            try RenderParameters(query: "\(source)&w=32768&h=1&scale=2", limits: limits)
        }
        #expect(try RenderParameters(query: "\(source)&w=32768&h=1&scale=1", limits: limits).size.width == 32768)
    }
}
