import ArgumentParser
import Dispatch
import Foundation
import Synchronization
import Vignette

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render PNG files through a descriptor onto surfaces.",
        discussion: """
        Several inputs render in parallel into --output-dir as <input base name>.png; \
        outputs are written atomically.

        Exit status: 0 when every input rendered; 1 when some input failed (each \
        prints 'error: <input>: <reason>' and writes nothing); 64 on a usage error.
        """)

    @Argument(help: "PNG files (paths or file: URLs).")
    var inputs: [String]

    @Option(help: ArgumentHelp("Surface size in points.", valueName: "WxH"))
    var size: SizeArgument

    @Option(help: "Surface scale (pixels per point).")
    var scale: Double = 1

    @Option(help: "Source image scale; default: the @Nx suffix of the file name, else 1.")
    var sourceScale: Double?

    @Option(help: "How the image is laid out in the surface (UIKit content modes).")
    var mode: ContentMode = .scaleToFill

    @Option(help: ArgumentHelp("Draw the image as a template in this colour.", valueName: "#RRGGBB[AA]"),
            transform: Arguments.color)
    var tint: Color?

    @Option(help: ArgumentHelp("Fill the surface with this colour first.", valueName: "#RRGGBB[AA]"),
            transform: Arguments.color)
    var background: Color?

    @Option(name: .customLong("id"), help: "Accessibility identifier recorded on the descriptor.")
    var identifier: String?

    @Option(name: .shortAndLong, help: "Output file (one input only).")
    var output: String?

    @Option(help: "Output folder for one or more inputs.")
    var outputDir: String?

    @Flag(name: .shortAndLong, help: "Print one line per written file.")
    var verbose = false

    func validate() throws {
        guard scale.isFinite, scale > 0, scale <= 16 else { throw ValidationError("--scale must be in (0, 16]") }
        if let sourceScale, !(sourceScale.isFinite && sourceScale > 0 && sourceScale <= 16) {
            throw ValidationError("--source-scale must be in (0, 16]")
        }
        switch (output, outputDir) {
        case (nil, nil): throw ValidationError("give -o FILE or --output-dir DIR")
        case (.some, .some): throw ValidationError("give either -o FILE or --output-dir DIR, not both")
        case (.some, nil) where inputs.count > 1: throw ValidationError("-o takes one input; use --output-dir for several")
        default: break
        }
        do {
            try ImageSurface.validate(size: size.size, scale: scale)
        } catch {
            throw ValidationError("--size \(size.size) --scale \(Size.format(scale)): \(error)")
        }
        let (w, h) = ImageRenderer.pixelSize(of: size.size, scale: scale)
        guard w > 0, h > 0 else {
            throw ValidationError("--size \(size.size) --scale \(Size.format(scale)) is \(w)x\(h) pixels: nothing to render")
        }
        var seen: [String: String] = [:]
        for input in inputs {
            let name = Self.outputName(for: input)
            if let other = seen[name] { throw ValidationError("inputs '\(other)' and '\(input)' would both write \(name)") }
            seen[name] = input
        }
        if let outputDir {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: outputDir, isDirectory: &isDirectory) else {
                do { try FileManager.default.createDirectory(atPath: outputDir, withIntermediateDirectories: true) }
                catch { throw ValidationError("cannot create --output-dir \(outputDir): \(FileErrors.reason(error, path: outputDir))") }
                return
            }
            guard isDirectory.boolValue else { throw ValidationError("--output-dir \(outputDir) is not a folder") }
        }
    }

    func run() throws {
        let jobs = inputs.map { input in (input, output ?? (outputDir! as NSString).appendingPathComponent(Self.outputName(for: input))) }
        let failures = Mutex<[Int: String]>([:])
        let written = Mutex<[Int: String]>([:])
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let (input, destination) = jobs[index]
            do {
                let summary = try renderOne(input: input, to: destination)
                written.withLock { $0[index] = summary }
            } catch {
                failures.withLock { $0[index] = "\(error)" }
            }
        }
        let errors = failures.withLock { $0 }
        let lines = written.withLock { $0 }
        for index in jobs.indices {
            if let message = errors[index] {
                FileHandle.standardError.write(Data("error: \(jobs[index].0): \(message)\n".utf8))
            } else if verbose, let line = lines[index] {
                print(line)
            }
        }
        if !errors.isEmpty { throw ExitCode(1) }
    }

    private func renderOne(input: String, to destination: String) throws -> String {
        let path = try Self.localPath(input)
        let image = try PNGCodec.decode(contentsOf: path, scale: sourceScale)
        let descriptor = ImageDescriptor(image, contentMode: mode, tint: tint,
                                         background: background, accessibilityIdentifier: identifier)
        let surface = try ImageSurface(size: size.size, scale: scale)
        surface.apply(descriptor)
        let png = try surface.pngData()
        try AtomicFile.write(png, to: destination)
        let (w, h) = surface.pixelSize
        return "\(destination): \(w)x\(h) px, \(png.count) bytes" + (identifier.map { ", id \($0)" } ?? "")
    }

    static func outputName(for input: String) -> String {
        let last: String
        if let url = fileURL(input) {
            last = url.lastPathComponent
        } else {
            last = input.split(separator: "/").last.map(String.init) ?? input
        }
        let stem = last.lowercased().hasSuffix(".png") ? String(last.dropLast(4)) : last
        return stem + ".png"
    }

    /// Paths and `file:` URLs are read here; network URLs arrive with the remote loader.
    static func localPath(_ input: String) throws(CLIError) -> String {
        if let url = fileURL(input) { return url.path }
        // An existing file wins over URL syntax (a file may be named "a:b.png").
        if FileManager.default.fileExists(atPath: input) { return input }
        if let colon = input.firstIndex(of: ":"), input.distance(from: input.startIndex, to: colon) > 1,
           let scheme = URL(string: input)?.scheme?.lowercased() {
            throw .unsupportedScheme(scheme)
        }
        return input
    }

    private static func fileURL(_ input: String) -> URL? {
        guard input.lowercased().hasPrefix("file:"), let url = URL(string: input), url.isFileURL else { return nil }
        return url
    }
}
