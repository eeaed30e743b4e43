import Foundation
import VignetteCore

/// One animation decode of a fuzz input, and the promises an animated
/// decoder makes: the header reads without decoding, the frames are within
/// the limits (never more than the header counted), all one canvas size,
/// and every frame keeps the bitmap promises of `DecoderHarness`.
public enum AnimationHarness {
    /// Small limits, so a fuzz input never costs more than a few megabytes.
    static let limits = AnimationLimits(maxFrames: 64, maxAnimationPixels: 4_000_000)

    /// Reads the header and decodes every frame with options picked by the last byte.
    public static func run(_ decoder: some AnimatedImageDecoding, _ data: Data) {
        let options = FuzzInput.options(selector: data.last ?? 0)
        let header = try? decoder.animationHeader(data)
        guard let animation = try? decoder.decodeAnimation(data, options: options, limits: limits) else { return }
        let name = decoder.format.rawValue
        guard let header else { FuzzInput.fail("\(name): decoded an animation whose header does not read") }
        guard animation.frames.count <= min(max(1, header.frameCount), limits.maxFrames) else {
            FuzzInput.fail("\(name): \(animation.frames.count) frames, header \(header.frameCount)")
        }
        guard animation.loopCount >= 0, animation.frames.allSatisfy({ $0.durationMilliseconds >= 0 }) else {
            FuzzInput.fail("\(name): negative loop count or duration")
        }
        for frame in animation.frames {
            DecoderHarness.check(frame.bitmap, options: options, format: decoder.format)
        }
    }
}
