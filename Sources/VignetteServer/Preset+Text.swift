import Foundation
import Logging
import Vignette

/// A configuration preset's overlays when some draw a request's text: the
/// overlays in order, each fixed (a file, a fill, the preset's own text)
/// or a text overlay whose string a query parameter gives, drawn with the
/// server's fonts.
package struct RequestTexts: Sendable {
    /// One overlay of the preset.
    package enum Item: Sendable {
        /// Drawn on every render.
        case fixed(ImageOverlay)
        /// Drawn when the request gives the parameter.
        case parameter(OverlayDefinition, TextOverlayDefinition, TextParameter)
    }

    /// The overlays, in drawing order.
    package let items: [Item]
    /// The fonts the text draws with.
    package let fonts: FontCollection

    /// The parameters the preset declares, each once (its first overlay's budgets).
    package var parameters: [TextParameter] {
        var seen: Set<String> = []
        return items.compactMap { item in
            guard case .parameter(_, _, let parameter) = item, seen.insert(parameter.name).inserted else { return nil }
            return parameter
        }
    }

    /// The overlays drawn for a request's `texts`, at the surface's `scale`.
    /// Each text is laid out and drawn here, before the source is fetched,
    /// within its parameter's budgets: one over them refuses the request.
    /// An absent or empty parameter leaves its overlay out.
    package func overlays(texts: [String: String], scale: Double) throws(RenderParameters.Error) -> [ImageOverlay] {
        var overlays: [ImageOverlay] = []
        for item in items {
            switch item {
            case .fixed(let overlay): overlays.append(overlay)
            case .parameter(let overlay, let text, let parameter):
                guard let value = texts[parameter.name], !value.isEmpty else { continue }
                let bitmap: Bitmap
                do throws(TextImage.Error) {
                    bitmap = try text.image(value, fonts: fonts, limits: parameter.limits).bitmap(forScale: scale)
                } catch {
                    throw .textRefused(parameter.name, error)
                }
                if bitmap.width > 0 && bitmap.height > 0 { overlays.append(overlay.textOverlay(bitmap, background: text.background)) }
            }
        }
        return overlays
    }
}

extension Preset {
    /// The parameters besides the standard ones this preset accepts: its
    /// request texts' (none for a preset registered in Swift).
    package var textParameters: [TextParameter] { requestTexts?.parameters ?? [] }

    /// The descriptor of a request: the preset's, with the request's texts
    /// drawn into its overlays, then the request's focal point and sizing.
    package func descriptor(for parameters: RenderParameters) throws(RenderParameters.Error) -> ImageDescriptor<URL> {
        var descriptor = descriptor(parameters.source)
        if let requestTexts { descriptor.overlays = try requestTexts.overlays(texts: parameters.texts, scale: parameters.scale) }
        return parameters.applied(to: descriptor)
    }
}

extension PresetDefinition {
    /// Every overlay made once: files read and decoded (an SVG stays a
    /// vector, drawn at the render's scale), fills, the preset's own text
    /// drawn once to check it; a request's text as its definition.
    func presetOverlays(preset: String, fonts: FontCollection?) throws(ServerConfiguration.Error) -> [RequestTexts.Item] {
        try overlays.enumerated().map { index, overlay throws(ServerConfiguration.Error) in
            let key = "presets.\(preset).overlays[\(index)]"
            if let text = overlay.text, case .parameter(let parameter) = text.source { return .parameter(overlay, text, parameter) }
            if let fixed = overlay.fixedOverlay(fonts: fonts ?? .standard) {
                if let text = fixed.descriptor.reference.base as? TextImage {
                    do throws(TextImage.Error) { _ = try text.bitmap(forScale: 1) } catch { throw .invalidValue(key: "\(key).text", reason: "\(error)") }
                }
                return .fixed(fixed)
            }
            return .fixed(try decodedOverlay(overlay, key: "\(key).file", fonts: fonts))
        }
    }

    /// An overlay file, read and decoded with the decoder's default limits.
    private func decodedOverlay(_ overlay: OverlayDefinition, key: String, fonts: FontCollection?) throws(ServerConfiguration.Error) -> ImageOverlay {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: overlay.file)) } catch {
            throw .invalidValue(key: key, reason: "\(overlay.file): " + FileErrors.reason(error, path: overlay.file))
        }
        if SVGDocument.isSVG(data) {
            do throws(SVGDocument.Error) {
                let document = try SVGDocument(data: data, fonts: fonts)
                return overlay.placed(ImageDescriptor(document, contentMode: .aspectFit).erased)
            } catch {
                throw .invalidValue(key: key, reason: "\(overlay.file): \(error)")
            }
        }
        do throws(ImageDecoders.Error) {
            let bitmap = try Bitmap(decoding: data, options: DecodingOptions(scale: ImageScale.fromFileName(overlay.file)))
            return overlay.placed(ImageDescriptor(bitmap, contentMode: .aspectFit).erased)
        } catch {
            throw .invalidValue(key: key, reason: "\(overlay.file): \(error)")
        }
    }
}

extension RenderService {
    /// A preset that draws a request's text on a server without a
    /// `signingKey` lets anyone write on its images: said once, at start.
    static func warnUnsignedTexts(_ presets: Presets, signed: Bool, logger: Logger) {
        guard !signed else { return }
        for name in presets.names {
            let names = presets[name]?.textParameters.map(\.name) ?? []
            guard !names.isEmpty else { continue }
            logger.warning(
                "preset \(name) draws text from the request (\(names.joined(separator: ", "))) and there is no signingKey: anyone can put words on its images")
        }
    }
}
