import ArgumentParser
import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette
@testable import VignetteCLI

/// `vignette render`'s presentation options: what each parses to on the
/// descriptor, the order of overlays and effects, and usage errors (exit 64,
/// naming the flag). Pixels are the renderer's business; these tests look at
/// the descriptor the command builds.
@Suite struct RenderPresentationOptionsTests {
    /// Parses as the binary does, with the raw list the order is read from,
    /// and returns the command with its ordered overlays and effects.
    static func parseOrdered(_ extra: [String]) throws -> (RenderCommand, PresentationOptions.Ordered) {
        let arguments = ["x.png", "-o", "a.png"] + (extra.contains("--size") ? [] : ["--size", "100x80"]) + extra
        return try RenderCommand.$rawArguments.withValue(["vignette", "render"] + arguments) {
            let command = try RenderCommand.parse(arguments)
            return (command, try command.orderedPresentation())
        }
    }

    static func parse(_ extra: [String]) throws -> RenderCommand { try parseOrdered(extra).0 }

    static func descriptor(_ extra: [String]) throws -> ImageDescriptor<String> {
        let (command, ordered) = try parseOrdered(extra)
        let overlays = ordered.overlays.map { $0.overlay(Bitmap(width: 2, height: 2)) }
        return command.descriptor(for: "x.png", ordered: ordered, overlays: overlays)
    }

    @Test func defaultsChangeNothing() throws {
        let descriptor = try Self.descriptor([])
        #expect(descriptor.focus == .anchor(.center) && descriptor.shape == .rectangle && descriptor.border == nil)
        #expect(descriptor.overlays.isEmpty && descriptor.effects.isEmpty && descriptor.backdrop == nil)
        #expect(descriptor.sizing == .standard && descriptor.background == nil)
    }

    @Test(arguments: [
        ("center", Focus.anchor(.center)), ("top", .anchor(.top)), ("bottom-right", .anchor(.bottomRight)), ("topLeft", .anchor(.topLeft)), ("smart", .smart),
        ("0.3,0.25", .point(x: 0.3, y: 0.25)), ("0,1", .point(x: 0, y: 1))
    ])
    func focus(text: String, expected: Focus) throws {
        #expect(try Self.descriptor(["--focus", text]).focus == expected)
    }

    @Test(arguments: [
        ("rect", ImageShape.rectangle), ("circle", .circle), ("capsule", .capsule), ("rounded:12", .roundedRect(cornerRadius: 12)),
        ("rounded:0.5", .roundedRect(cornerRadius: 0.5))
    ])
    func shape(text: String, expected: ImageShape) throws {
        #expect(try Self.descriptor(["--shape", text]).shape == expected)
    }

    @Test func borderBackgroundAndSizing() throws {
        let descriptor = try Self.descriptor([
            "--border-width", "2", "--border-color", "#FFFFFF", "--background", "blur:12", "--background", "#EEEEEE",
            "--no-enlarge", "--no-extend", "--extend-aspect-ratio"
        ])
        #expect(descriptor.border == Border(width: 2, color: Color(red: 255, green: 255, blue: 255)))
        #expect(descriptor.backdrop == .blurredImage(sigma: 12))
        #expect(descriptor.background == Color(red: 0xEE, green: 0xEE, blue: 0xEE))
        #expect(descriptor.sizing == Sizing(enlarge: false, extend: false, extendAspectRatio: true, fillDown: false))
        // A border colour defaults to black.
        #expect(try Self.descriptor(["--border-width", "1.5"]).border == Border(width: 1.5, color: Color(red: 0, green: 0, blue: 0)))
        let fill = try Self.descriptor(["--mode", "aspectFill", "--fill-down"])
        #expect(fill.sizing == Sizing(fillDown: true) && fill.contentMode == .aspectFill)
    }

    @Test func effectsKeepTheirOrder() throws {
        let effects = try Self.descriptor(["--sharpen", "1.5", "--blur", "2", "--grayscale", "--blur=0.5"]).effects
        #expect(effects == [.sharpen(amount: 1.5), .blur(sigma: 2), .grayscale, .blur(sigma: 0.5)])
        #expect(try Self.descriptor(["--grayscale", "--blur", "3"]).effects == [.grayscale, .blur(sigma: 3)])
    }

    @Test func overlayOptionsApplyToTheOverlayBeforeThem() throws {
        let overlays = try Self.descriptor([
            "--overlay", "badge.png", "--overlay-opacity", "0.5", "--overlay-position", "bottom-right", "--blur", "1",
            "--overlay-offset", "-8,-8", "--overlay", "mark@2x.png", "--overlay-tile", "--overlay-size=24x12",
            "--overlay-offset=4,-2", "--overlay-unclipped", "--overlay", "plain.png"
        ]).overlays
        #expect(overlays.count == 3)
        #expect(overlays[0].anchor == .bottomRight && overlays[0].offset == Point(x: -8, y: -8))
        #expect(overlays[0].opacity == 0.5 && !overlays[0].tiled && overlays[0].size == nil)
        #expect(overlays[1].anchor == .center && overlays[1].offset == Point(x: 4, y: -2))
        #expect(overlays[1].tiled && overlays[1].size == Size(width: 24, height: 12) && overlays[1].opacity == 1)
        #expect(overlays[0].clipsToShape && !overlays[1].clipsToShape)
        #expect(overlays[2] == ImageOverlay(ImageDescriptor(Bitmap(width: 2, height: 2), contentMode: .aspectFit).erased))
        let specs = try Self.parseOrdered(["--overlay", "a.png", "--overlay", "b.png", "--overlay-opacity", "0.25"]).1.overlays
        #expect(specs.map(\.path) == ["a.png", "b.png"] && specs.map(\.opacity) == [1, 0.25])
    }

    @Test func theScanSkipsValuesAndStopsAtTheTerminator() {
        typealias Name = PresentationOptions.OrderedName
        #expect(
            PresentationOptions.scan(["--overlay-offset", "--grayscale", "--id", "x", "--overlay=a.png", "--blur", "2", "--", "--grayscale"])
                == [Name.offset, .overlay, .blur])
        #expect(PresentationOptions.scan(["--overlay-tile", "--overlay-tile=1", "--overlays", "--grayscale"]) == [.tile, .grayscale])
        #expect(PresentationOptions.scan(["--overlay-unclipped", "--grayscale"]) == [.unclipped, .grayscale])
    }

    @Test func openSides() throws {
        #expect(try Self.parse(["--size", "100x0"]).surfaceSize == Size(width: 100, height: 0))
        #expect(try Self.parse(["--size", "0x50"]).surfaceSize == Size(width: 0, height: 50))
    }

    @Test(arguments: [
        (["--focus", "1.5,0.5"], "--focus"), (["--focus", "middle"], "--focus"), (["--focus", "nan,0"], "--focus"),
        (["--shape", "rounded:-1"], "--shape"), (["--shape", "oval"], "--shape"),
        (["--border-width", "-1"], "--border-width"), (["--border-color", "#FFF"], "--border-color"),
        (["--overlay-position", "top"], "--overlay-position"), (["--overlay", "a.png", "--overlay-position", "middle"], "--overlay-position"),
        (["--overlay", "a.png", "--overlay-tile", "--overlay-tile"], "--overlay-tile"),
        (["--overlay-unclipped"], "--overlay-unclipped"),
        (["--overlay", "a.png", "--overlay-offset", "1"], "--overlay-offset"), (["--overlay", "a.png", "--overlay-size", "4"], "--overlay-size"),
        (["--overlay", "a.png", "--overlay-opacity", "1.5"], "--overlay-opacity"),
        (["--blur", "101"], "--blur"), (["--blur", "-1"], "--blur"), (["--sharpen", "11"], "--sharpen"),
        (["--background", "blur:x"], "--background"), (["--background", "#FFF", "--background", "#000"], "--background"),
        (["--extend-aspect-ratio"], "--extend-aspect-ratio"), (["--fill-down"], "--fill-down"),
        (["--size", "0x0"], "--size"), (["--size", "0.2x0"], "--size"),
        (Array(repeating: ["--overlay", "a.png"], count: 17).flatMap { $0 }, "--overlay")
    ])
    func usageErrorsNameTheFlag(extra: [String], flag: String) throws {
        do {
            let command = try Self.parse(extra)
            Issue.record("\(extra) parsed: \(command)")
        } catch {
            #expect(RenderCommand.exitCode(for: error) == .validationFailure, "\(extra)")
            #expect(RenderCommand.message(for: error).contains(flag), "\(extra): \(RenderCommand.message(for: error))")
        }
    }
}
