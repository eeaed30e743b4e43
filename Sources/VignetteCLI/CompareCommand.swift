import ArgumentParser
import Dispatch
import Foundation
import Synchronization
import Vignette

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two PNG files pixel by pixel.",
        discussion: """
        Exact by default. --perceptual-precision P forgives per-pixel differences up to \
        (1 − P) × 100 ΔE (CIE94); --precision P is the share of pixels that must pass.

        Exit status: 0 when the images match, 1 when they differ (the figures are printed), \
        2 when an input cannot be read, 64 on a usage error.
        """)

    @Argument(help: "The reference PNG.")
    var reference: String

    @Argument(help: "The PNG to check against it.")
    var actual: String

    @Option(help: "Share of pixels that must match, 0...1.")
    var precision: Double = 1

    @Option(help: "Per-pixel similarity, 0...1 (0.98 forgives ΔE 2).")
    var perceptualPrecision: Double = 1

    @Option(help: "Write reference | actual | diff side by side to this PNG.")
    var diff: String?

    func validate() throws {
        for (name, value) in [("--precision", precision), ("--perceptual-precision", perceptualPrecision)]
        where !(value >= 0 && value <= 1) {
            throw ValidationError("\(name) must be between 0 and 1, got \(value)")
        }
    }

    func run() throws {
        // Decoding dominates; the two files decode in parallel.
        let paths = [reference, actual]
        let decoded = Mutex<[Int: Result<Bitmap, PNGCodec.Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let result = Result { () throws(PNGCodec.Error) in try PNGCodec.decode(contentsOf: paths[index], scale: 1) }
            decoded.withLock { $0[index] = result }
        }
        let results = decoded.withLock { $0 }
        var images: [Bitmap] = []
        var unreadable = false
        for index in 0..<2 {
            switch results[index]! {
            case .success(let bitmap): images.append(bitmap)
            case .failure(let error):
                FileHandle.standardError.write(Data("error: \(paths[index]): \(error)\n".utf8))
                unreadable = true
            }
        }
        if unreadable { throw ExitCode(2) }

        let comparison = ImageComparison(precision: precision, perceptualPrecision: perceptualPrecision)
        let result = comparison.compare(images[0], images[1])
        print((result.matches ? "match: " : "differ: ") + result.description)
        if let diff {
            try AtomicFile.write(try PNGCodec.encode(comparison.sideBySide(images[0], images[1])), to: diff)
            print("wrote \(diff) (reference | actual\(result.sizesDiffer ? "" : " | diff"))")
        }
        if !result.matches { throw ExitCode(1) }
    }
}
