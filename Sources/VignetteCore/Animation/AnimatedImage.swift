/// Every frame of an animated GIF, WebP or PNG, composed onto the canvas
/// (disposal and blending already applied), with how long each shows and
/// how often the animation plays. A still image is an animation of one
/// frame.
///
/// ```swift
/// let animation = try ImageDecoders.standard.decodeAnimation(data)
/// print(animation.frames.count, animation.loopCount, animation.durationMilliseconds)
/// let webp = try animation.encoded(as: .webp, options: EncodingOptions(quality: 80))
/// ```
public struct AnimatedImage: Sendable {
    /// One composed frame: the whole canvas as shown at that moment.
    public struct Frame: Sendable {
        /// The canvas as shown while this frame is on screen (premultiplied,
        /// every frame the same size).
        public var bitmap: Bitmap
        /// How long the frame shows, in milliseconds, as stored (0 is kept:
        /// browsers show such frames for about 100 ms, encoders keep 0).
        public var durationMilliseconds: Int

        /// A frame.
        public init(bitmap: Bitmap, durationMilliseconds: Int) {
            self.bitmap = bitmap
            self.durationMilliseconds = durationMilliseconds
        }
    }

    /// The frames in display order; never empty.
    public private(set) var frames: [Frame]
    /// How many times the animation plays: 0 is forever (GIF's and WebP's
    /// convention, APNG's `num_plays`).
    public var loopCount: Int

    /// An animation of `frames` (at least one, all of one pixel size and
    /// scale), playing `loopCount` times (0: forever).
    public init(frames: [Frame], loopCount: Int = 0) throws(AnimatedImage.Error) {
        guard let first = frames.first else { throw .noFrames }
        for (index, frame) in frames.enumerated()
        where frame.bitmap.width != first.bitmap.width || frame.bitmap.height != first.bitmap.height {
            throw .frameSizeMismatch(
                index: index, size: PixelSize(width: frame.bitmap.width, height: frame.bitmap.height),
                expected: PixelSize(width: first.bitmap.width, height: first.bitmap.height))
        }
        guard loopCount >= 0 else { throw .invalidLoopCount(loopCount) }
        self.frames = frames
        self.loopCount = loopCount
    }

    /// A still image as an animation of one frame that plays once.
    public init(still bitmap: Bitmap) {
        frames = [Frame(bitmap: bitmap, durationMilliseconds: 0)]
        loopCount = 1
    }

    /// The first frame: what a still output (PNG, JPEG, AVIF) shows.
    public var firstFrame: Bitmap { frames[0].bitmap }
    /// True when there is more than one frame.
    package var isAnimated: Bool { frames.count > 1 }
    /// The canvas size in pixels.
    package var pixelSize: PixelSize { PixelSize(width: firstFrame.width, height: firstFrame.height) }
    /// The sum of the frame durations, in milliseconds.
    public var durationMilliseconds: Int { frames.reduce(0) { $0 + $1.durationMilliseconds } }

    /// Each frame's bitmap replaced by `transform` of it (durations and loop
    /// count kept). The results must share one pixel size.
    package func mapFrames<E: Swift.Error>(
        _ transform: (Bitmap) throws(E) -> Bitmap
    ) throws(E) -> [Frame] {
        var mapped: [Frame] = []
        mapped.reserveCapacity(frames.count)
        for frame in frames {
            mapped.append(Frame(bitmap: try transform(frame.bitmap), durationMilliseconds: frame.durationMilliseconds))
        }
        return mapped
    }

    /// Why frames could not make an animation.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// No frames were given.
        case noFrames
        /// A frame's pixel size differs from the first frame's.
        case frameSizeMismatch(index: Int, size: PixelSize, expected: PixelSize)
        /// The loop count is negative.
        case invalidLoopCount(Int)

        /// What is wrong, in words a user can act on.
        public var description: String {
            switch self {
            case .noFrames: "an animation needs at least one frame"
            case .frameSizeMismatch(let index, let size, let expected):
                "frame \(index) is \(size.width)x\(size.height) pixels; every frame must be \(expected.width)x\(expected.height) like the first"
            case .invalidLoopCount(let count): "loop count \(count) is negative: use 0 for forever"
            }
        }
    }
}
