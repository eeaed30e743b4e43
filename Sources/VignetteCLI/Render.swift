import ArgumentParser
import Dispatch
import Foundation
import Vignette

struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render PNG files or URLs through a descriptor onto surfaces.",
        discussion: """
        INPUT is a PNG path or an http(s), file: or data: URL. Several inputs render in \
        parallel into --output-dir as <input base name>.png; a URL named several times is \
        fetched and written once. Outputs are written atomically.

        With --cache-dir, http(s) images are kept on disk with their HTTP validators: \
        fresh copies are used as they are, stale ones revalidated (304 reuses them), and \
        when the network fails a stale copy is rendered with a 'warning:' line. \
        --offline renders from the cache only; --reload refetches everything.

        Exit status: 0 when every input rendered; 1 when some input failed (each \
        prints 'error: <input>: <reason>' and writes nothing); 64 on a usage error.
        """)

    @Argument(help: "PNG files or URLs (http, https, file, data).")
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

    @Option(help: ArgumentHelp("Render this PNG, centred, for an input that fails (the exit code is still 1).", valueName: "FILE"))
    var failure: String?

    @Option(help: "Seconds allowed per attempt of a network load.")
    var timeout: Double = 30

    @Option(help: "Retries for transient network failures (timeouts, 408, 429, 5xx).")
    var retries: Int = 2

    @Option(help: "Network loads at once.")
    var maxConcurrent: Int = 8

    @OptionGroup(title: "Disk cache")
    var cache: CacheOptions

    @Flag(help: "Use only the disk cache (and memory); never the network.")
    var offline = false

    @Flag(help: "Ignore cached copies and fetch every image again (the cache is updated).")
    var reload = false

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
        guard timeout.isFinite, timeout > 0, timeout <= 86_400 else { throw ValidationError("--timeout must be in (0, 86400] seconds") }
        guard (0...20).contains(retries) else { throw ValidationError("--retries must be between 0 and 20") }
        guard (1...256).contains(maxConcurrent) else { throw ValidationError("--max-concurrent must be between 1 and 256") }
        if offline && reload { throw ValidationError("give either --offline or --reload, not both") }
        if offline && cache.cacheDir == nil { throw ValidationError("--offline reads the disk cache: give --cache-dir DIR") }
        var seen: [String: String] = [:]
        for input in uniqueInputs {
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

    /// Inputs in order, each once (a URL named several times is rendered once).
    var uniqueInputs: [String] {
        var seen = Set<String>()
        return inputs.filter { seen.insert($0).inserted }
    }

    func run() async throws {
        let jobs = uniqueInputs.map { input in
            (input, output ?? (outputDir! as NSString).appendingPathComponent(Self.outputName(for: input)))
        }
        let options = LoadingOptions(connectTimeout: .milliseconds(Int(min(timeout, 10) * 1000)),
                                     timeout: .milliseconds(Int(timeout * 1000)))
        let diskCache = try cache.open()
        let pipeline = ImagePipeline(
            loader: DefaultDataLoader(options: options),
            configuration: .init(maxConcurrentLoads: maxConcurrent, retry: RetryPolicy(maxRetries: retries),
                                 memoryCacheBytes: 0, diskCache: diskCache))
        let failureImage = try failure.map { path -> Bitmap in
            do { return try PNGCodec.decode(contentsOf: path) } catch { throw ValidationError("--failure \(path): \(error)") }
        }
        var outcomes = [Int: Result<Rendered, RenderFailure>]()
        // A window of jobs in flight: enough to keep the network and every core busy.
        let window = max(maxConcurrent, ProcessInfo.processInfo.activeProcessorCount) * 2
        await withTaskGroup(of: (Int, Result<Rendered, RenderFailure>).self) { group in
            var next = 0
            func launch() {
                guard next < jobs.count else { return }
                let index = next
                next += 1
                group.addTask { (index, await renderOne(jobs[index].0, to: jobs[index].1, pipeline: pipeline, failureImage: failureImage)) }
            }
            for _ in 0..<min(window, jobs.count) { launch() }
            for await (index, outcome) in group {
                outcomes[index] = outcome
                launch()
            }
        }
        // Cache writes run in the background: let them land (and the sweep
        // run) before the process exits.
        await diskCache?.flush()
        var failed = false
        for index in jobs.indices {
            switch outcomes[index]! {
            case .failure(let failure):
                failed = true
                FileHandle.standardError.write(Data("error: \(jobs[index].0): \(failure.reason)\n".utf8))
                if verbose, let note = failure.placeholderNote { print(note) }
            case .success(let rendered):
                if let stale = rendered.staleBecause {
                    let reason = Self.reason(stale, input: jobs[index].0)
                    FileHandle.standardError.write(Data("warning: \(jobs[index].0): rendered a stale cached copy: \(reason)\n".utf8))
                }
                if verbose { print(rendered.line) }
            }
        }
        if let error = diskCache?.lastError {
            FileHandle.standardError.write(Data("warning: disk cache: \(error)\n".utf8))
        }
        if failed { throw ExitCode(1) }
    }

    struct Rendered {
        var line: String
        var staleBecause: ImagePipeline.Error?
    }

    struct RenderFailure: Error {
        var reason: String
        var placeholderNote: String?
    }

    private func renderOne(_ input: String, to destination: String, pipeline: ImagePipeline,
                           failureImage: Bitmap?) async -> Result<Rendered, RenderFailure> {
        let response: ImageResponse
        do {
            let url = try Self.url(for: input)
            // Files and data: URLs are local already: --offline concerns the network only.
            let remote = ["http", "https"].contains(url.scheme?.lowercased() ?? "")
            let policy: CachePolicy = offline && remote ? .cacheOnly : reload ? .reloadIgnoringCaches : .memoryAndDisk
            response = try await pipeline.response(for: ImageRequest(url: url, scale: sourceScale, cachePolicy: policy))
        } catch {
            var failure = RenderFailure(reason: Self.reason(error, input: input))
            if let failureImage {
                let placeholder = ImageDescriptor(failureImage, contentMode: .center, background: background,
                                                  accessibilityIdentifier: identifier)
                if let line = try? write(placeholder, to: destination) { failure.placeholderNote = line + " (failure placeholder)" }
            }
            return .failure(failure)
        }
        let descriptor = ImageDescriptor(response.image, contentMode: mode, tint: tint, background: background,
                                         accessibilityIdentifier: identifier)
        do {
            return .success(Rendered(line: try write(descriptor, to: destination) + " (from \(response.source))",
                                     staleBecause: response.staleBecause))
        } catch {
            return .failure(RenderFailure(reason: "\(error)"))
        }
    }

    private func write(_ descriptor: ImageDescriptor<Bitmap>, to destination: String) throws -> String {
        let surface = try ImageSurface(size: size.size, scale: scale)
        surface.apply(descriptor)
        let png = try surface.pngData()
        try AtomicFile.write(png, to: destination)
        let (w, h) = surface.pixelSize
        return "\(destination): \(w)x\(h) px, \(png.count) bytes" + (identifier.map { ", id \($0)" } ?? "")
    }

    /// The error's text without a repeated URL prefix (the line already names the input).
    static func reason(_ error: any Error, input: String) -> String {
        var text = "\(error)"
        let resolved = try? url(for: input)
        for name in [input, resolved?.absoluteString, resolved?.path].compactMap({ $0 }) where text.hasPrefix(name + ": ") {
            text.removeFirst(name.count + 2)
            break
        }
        return text
    }

    /// A path or URL as a URL the pipeline loads.
    static func url(for input: String) throws -> URL {
        if let scheme = input.split(separator: ":", maxSplits: 1).first.map({ $0.lowercased() }),
           ["http", "https", "file", "data"].contains(scheme), let url = URL(string: input) {
            return url
        }
        let path = try localPath(input)
        return URL(fileURLWithPath: path)
    }

    static func outputName(for input: String) -> String {
        let last: String
        if let url = fileURL(input) {
            last = url.lastPathComponent
        } else if input.lowercased().hasPrefix("data:") {
            // A stable name from the URL's bytes (FNV-1a; String.hashValue is seeded per process).
            let hash = input.utf8.reduce(UInt64(0xcbf29ce484222325)) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
            last = "data-" + String(hash, radix: 36)
        } else if let url = URL(string: input), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            last = url.lastPathComponent.isEmpty || url.lastPathComponent == "/" ? (url.host ?? "index") : url.lastPathComponent
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
