import ArgumentParser
import Vignette

/// `vignette render`'s animation options: whether an animated source stays
/// animated, and the limits its frames are checked against.
struct AnimationOptions: ParsableArguments {
    @Flag(help: "Write only the first frame of an animated source, whatever the output format.")
    var firstFrame = false

    @Option(
        help: ArgumentHelp(
            "Refuse animations of more frames than this, from the headers, before decoding (or none).", valueName: "N|none"))
    var maxFrames = LimitArgument(AnimationLimits.defaultMaxFrames)

    @Option(
        help: ArgumentHelp(
            "Refuse animations whose canvas pixels times frames exceed this, before decoding (or none).",
            valueName: "N|none"))
    var maxAnimationPixels = LimitArgument(AnimationLimits.defaultMaxAnimationPixels)

    /// The limits in force.
    var limits: AnimationLimits {
        AnimationLimits(maxFrames: maxFrames.value, maxAnimationPixels: maxAnimationPixels.value)
    }

    /// True when an animated source keeps its frames in `format`.
    func keepsAnimation(in format: ImageFormat) -> Bool {
        !firstFrame && ImageFormat.animatable.contains(format)
    }
}
