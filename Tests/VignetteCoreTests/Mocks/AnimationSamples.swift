import Foundation
import VignetteCore

/// With `VIGNETTE_ANIMATION_SAMPLES=<folder>` set, the encoder tests write
/// their animations there — `<name>.<k>.png` per source frame, `<name>.gif` /
/// `<name>.webp` as encoded — for `Scripts/check_animation_encoding.py`,
/// which reads them back with Pillow. Without it nothing is written.
enum AnimationSamples {
    static func write(_ animation: AnimatedImage, name: String, _ encoded: [String: Data]) throws {
        guard let folder = ProcessInfo.processInfo.environment["VIGNETTE_ANIMATION_SAMPLES"] else { return }
        let base = URL(fileURLWithPath: folder, isDirectory: true)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        for (k, frame) in animation.frames.enumerated() {
            try PNGCodec.encode(frame.bitmap).write(to: base.appendingPathComponent("\(name).\(k).png"))
        }
        let durations = animation.frames.map { String($0.durationMilliseconds) }.joined(separator: " ")
        try Data("\(animation.loopCount)\n\(durations)\n".utf8).write(to: base.appendingPathComponent("\(name).txt"))
        for (fileExtension, data) in encoded {
            try data.write(to: base.appendingPathComponent("\(name).\(fileExtension)"))
        }
    }
}
