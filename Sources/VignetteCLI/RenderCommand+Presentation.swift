import ArgumentParser
import Foundation
import Vignette
import VignetteServer

/// `--background #RRGGBB[AA]` or `--background blur:SIGMA` (the image
/// itself, aspect-filled and blurred, over the colour if both are given).
enum BackgroundArgument: Sendable, Hashable {
    case color(Color)
    case blurredImage(Backdrop)

    static func parse(_ text: String) throws -> BackgroundArgument {
        guard text.hasPrefix("blur") else { return .color(try Arguments.color(text)) }
        do { return .blurredImage(try PresentationSyntax.backdrop(text)) } catch { throw ValidationError(error.description) }
    }
}

extension RenderCommand {
    /// The raw command line the presentation options' order is read from;
    /// tests that call `parse(_:)` set it to the arguments they parse.
    @TaskLocal static var rawArguments: [String]?

    /// The `--background` colour, if any.
    var backgroundColor: Color? {
        background.lazy.compactMap { if case .color(let color) = $0 { color } else { nil } }.first
    }

    /// The `--background blur:SIGMA`, if any.
    var backdrop: Backdrop? {
        background.lazy.compactMap { if case .blurredImage(let backdrop) = $0 { backdrop } else { nil } }.first
    }

    /// The overlays and effects in the order the command line gives them.
    func orderedPresentation() throws -> PresentationOptions.Ordered {
        try presentation.ordered(in: Self.rawArguments ?? CommandLine.arguments)
    }

    /// The usage checks of the presentation that need the whole command:
    /// one colour and one blur for `--background`, `--fill-down` with
    /// aspectFill, the options' order, and the library's own validation.
    func validatePresentation() throws {
        let colors = background.filter { if case .color = $0 { true } else { false } }.count
        guard colors <= 1, background.count - colors <= 1 else {
            throw ValidationError("--background takes at most one colour and one blur:SIGMA")
        }
        if presentation.fillDown && mode != .aspectFill { throw ValidationError("--fill-down applies only with --mode aspectFill") }
        let ordered = try orderedPresentation()
        let overlays = ordered.overlays.map { $0.overlay(Bitmap(width: 1, height: 1)) }
        do {
            try ImageRenderer.validatePresentation(descriptor(for: Bitmap(width: 1, height: 1), ordered: ordered, overlays: overlays))
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The overlay files, read and decoded like inputs (with the decoder
    /// limits and the @Nx of their names), in order.
    func loadOverlays(_ specs: [PresentationOptions.OverlaySpec], fonts: FontCollection) throws -> [ImageOverlay] {
        try specs.map { spec in
            if let text = spec.text { return spec.textOverlay(text, fonts: fonts) }
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: spec.path)) } catch {
                throw ValidationError("--overlay \(spec.path): \(FileErrors.reason(error, path: spec.path))")
            }
            let options = DecodingOptions(scale: ImageScale.fromFileName(spec.path), maxPixelCount: maxPixels.value, maxSide: maxSide.value)
            do { return spec.overlay(try Bitmap(decoding: data, options: options)) } catch {
                throw ValidationError("--overlay \(spec.path): \(error)")
            }
        }
    }

    /// The descriptor of one input: UIKit's four and the presentation options.
    func descriptor<Reference>(
        for reference: Reference, ordered: PresentationOptions.Ordered, overlays: [ImageOverlay]
    ) -> ImageDescriptor<Reference> {
        var descriptor = ImageDescriptor(
            reference, contentMode: mode, tint: tint, background: backgroundColor, accessibilityIdentifier: identifier)
        descriptor.focus = presentation.focus ?? .anchor(.center)
        descriptor.shape = presentation.shape ?? .rectangle
        descriptor.border = presentation.border
        descriptor.overlays = overlays
        descriptor.effects = ordered.effects
        descriptor.backdrop = backdrop
        descriptor.sizing = presentation.sizing
        return descriptor
    }
}
