/// What a file's headers say about its animation, read without decoding a
/// frame: what `AnimationLimits` checks and `vignette info` reports.
public struct AnimationHeader: Sendable, Hashable {
    /// The canvas width in pixels.
    public var width: Int
    /// The canvas height in pixels.
    public var height: Int
    /// The number of frames (1 for a still image).
    public var frameCount: Int
    /// How many times it plays; 0 is forever.
    public var loopCount: Int
    /// The sum of the frame durations, in milliseconds (0 for a still image).
    public var durationMilliseconds: Int

    /// A header.
    public init(width: Int, height: Int, frameCount: Int, loopCount: Int = 0, durationMilliseconds: Int = 0) {
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.loopCount = loopCount
        self.durationMilliseconds = durationMilliseconds
    }
}
