import Foundation
import Vignette

extension RenderService {
    /// What a preset with `animation` makes of a loaded source.
    enum AnimatedAnswer {
        /// Answer with the first frame, as for any still.
        case still
        /// Every frame, encoded.
        case animated(Data, ImageFormat)
        /// The animation breaks a limit, or its frames cannot be encoded.
        case refused(RenderReply)
    }

    /// The animated answer for a loaded source when the preset keeps
    /// animation, the source has more than one frame and an animating
    /// format is asked for (`format=webp|gif`) or negotiated
    /// (`ImageFormat.negotiateAnimated` over the preset's formats).
    /// `maxFrames` and `maxAnimationPixels` are checked from the headers
    /// before any frame is decoded: over either is 422, naming the key.
    func animatedAnswer(
        of remote: ImageDescriptor<URL>, on surface: ImageSurface, parameters: RenderParameters, preset: Preset,
        accept: String?
    ) async -> AnimatedAnswer {
        guard preset.animation else { return .still }
        let format: ImageFormat
        if let asked = parameters.format {
            guard ImageFormat.animatable.contains(asked) else { return .still }
            format = asked
        } else {
            guard let negotiated = ImageFormat.negotiateAnimated(accept: accept, candidates: preset.formats) else { return .still }
            format = negotiated
        }
        let limits = configuration.limits
        let frames: AnimatedImage
        do throws(ImageSurface.AnimationError) {
            frames = try await surface.renderAnimation(of: remote, using: pipeline, limits: limits.animation) { request in
                request.maxPixelCount = limits.maxSourcePixels
            }
        } catch {
            return Self.refusal(error)
        }
        guard frames.isAnimated else { return .still }
        let options = configuration.encodingOptions(quality: parameters.quality)
        do throws(EncodingOptions.Error) {
            let body = try traceEncode(as: format) { () throws(EncodingOptions.Error) -> Data in
                try frames.encoded(as: format, options: options)
            }
            return .animated(body, format)
        } catch {
            return .refused(.text(500, "\(error)"))
        }
    }

    /// 422 for an animation over a limit (naming the configuration key);
    /// any other failure of the frames answers with the first frame.
    private static func refusal(_ error: ImageSurface.AnimationError) -> AnimatedAnswer {
        switch error {
        case .loadingFailed(.decodingFailed(_, let decoding)):
            switch decoding.reason {
            case .tooManyFrames: return .refused(.text(422, "\(decoding) (maxFrames in the server configuration)"))
            case .animationTooLarge: return .refused(.text(422, "\(decoding) (maxAnimationPixels in the server configuration)"))
            default: return .still
            }
        case .renderingFailed(let rendering):
            guard case .animationTooLarge = rendering else { return .still }
            return .refused(.text(422, "\(rendering) (maxAnimationPixels in the server configuration)"))
        case .loadingFailed, .notLoaded:
            return .still
        }
    }
}
