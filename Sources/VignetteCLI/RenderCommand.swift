import ArgumentParser
import Dispatch
import Foundation
import Vignette

struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render PNG files or URLs through a descriptor onto surfaces.",
        discussion: """
            INPUT is an image file (PNG, JPEG, WebP, AVIF, GIF, HEIC, SVG; the format is sniffed from the bytes) \
            or an http(s), file: or data: URL. An SVG file is drawn at the output's size and also draws the \
            images it names by a relative path in its own folder (an image href="logo.png"); nothing else it \
            names is read. Several inputs render in parallel into --output-dir as \
            <input base name>.png (.jpg, .webp, .avif or .gif with --format); a URL named several times is \
            fetched and written once. Outputs are written atomically. -o picks the format from \
            its extension (.png, .jpg/.jpeg, .webp, .avif, .gif); --quality (default 80) sets JPEG, lossy \
            WebP and AVIF quality, --lossless makes WebP or AVIF lossless. AVIF is encoded by libaom \
            on one thread: several times slower than WebP, for smaller files.

            With --cache-dir, http(s) images are kept on disk with their HTTP validators: \
            fresh copies are used as they are, stale ones revalidated (304 reuses them), and \
            when the network fails a stale copy is rendered with a 'warning:' line. \
            --offline renders from the cache only; --reload refetches everything.

            Output names: the input's last path segment with its extension replaced by the \
            output format's (photo.jpg -> photo.png), made one plain file name (separators, control characters \
            and '..' become '_'); two inputs that would write one name are a usage error. \
            --output-dir is created when missing; the folder of -o must exist.

            Presentation: --focus picks what a crop keeps (an anchor, smart, or an X,Y focal point); \
            --shape and --border-* clip and outline the surface; each --overlay FILE is drawn above \
            the image, and the --overlay-* options after it place it; --blur, --grayscale and \
            --sharpen apply in the order given; --background blur:SIGMA fills the surface with the \
            image itself, blurred. Without --size the surface takes the source's own size in points (an SVG's \
            width and height or viewBox, a bitmap's pixels over --source-scale): --scale 2 then renders it at twice \
            its pixels. A --size side of 0 (300x0, 0x200) follows the image; --no-enlarge, \
            --no-extend (with --extend-aspect-ratio) and --fill-down are imgproxy's sizing rules.

            Animation: an animated GIF, WebP or PNG source stays animated in WebP and GIF output, \
            every frame drawn through the same presentation with its duration and the loop count \
            kept; PNG, JPEG and AVIF output (and --first-frame) write the first frame. An animation \
            over --max-frames or --max-animation-pixels is refused, never cut short.

            Exit status: 0 when every input rendered; 1 when some input failed (each \
            prints 'error: <input>: <reason>' and writes nothing but the --failure \
            placeholder), --output-dir cannot be created or the folder of -o is missing; 64 on a usage error.
            """)

    @Argument(help: "Image files or URLs (http, https, file, data).", transform: InputArgument.init)
    var inputs: [InputArgument]

    @Option(
        help: ArgumentHelp(
            "Surface size in points; one side 0 (Wx0, 0xH) takes the image's. Default: the source's own size "
                + "(an SVG's intrinsic size, a bitmap's pixels / its scale), as `vignette info` reports it.",
            valueName: "WxH"))
    var size: SizeArgument?

    /// `--size`, or both sides open: the image's own size in points.
    var surfaceSize: Size { size?.size ?? Size(width: 0, height: 0) }

    @Option(help: "Surface scale (pixels per point).")
    var scale: Double = 1

    @Option(help: "Source image scale; default: the @Nx suffix of the file name, else 1.")
    var sourceScale: Double?

    @Option(help: "How the image is laid out in the surface (UIKit content modes).")
    var mode: ContentMode = .scaleToFill

    @Option(
        help: ArgumentHelp("Draw the image as a template in this colour.", valueName: "#RRGGBB[AA]"),
        transform: Arguments.color)
    var tint: Color?

    @Option(
        help: ArgumentHelp(
            "Fill the surface with this colour first, or with the image itself aspect-filled and blurred (σ in points); "
                + "give both to put the blur over the colour.",
            valueName: "#RRGGBB[AA]|blur:SIGMA"),
        transform: BackgroundArgument.parse)
    var background: [BackgroundArgument] = []

    @Option(name: .customLong("id"), help: "Accessibility identifier recorded on the descriptor.")
    var identifier: String?

    @Option(name: .shortAndLong, help: "Output file (one input only).")
    var output: String?

    @Option(help: "Output folder for one or more inputs.")
    var outputDir: String?

    @Option(help: "Output format (default: from the extension of -o, else png); names files in --output-dir <name>.png|.jpg|.webp|.avif.")
    var format: ImageFormat?

    @Option(help: "JPEG, lossy WebP and AVIF quality, 1-100.")
    var quality: Int = ImageFormat.defaultQuality

    @Flag(help: "Lossless WebP or AVIF.")
    var lossless = false

    @Option(help: ArgumentHelp("Render this image, centred, for an input that fails (the exit code is still 1).", valueName: "FILE"))
    var failure: String?

    @Option(help: "Seconds allowed per attempt of a network load.")
    var timeout: Double = 30

    @Option(help: "Retries for transient network failures (timeouts, 408, 429, 5xx).")
    var retries: Int = 2

    @Option(help: "Network loads at once.")
    var maxConcurrent: Int = 8

    @Option(
        help: ArgumentHelp(
            "Refuse images of more pixels than this, from the header, before decoding (or none).",
            valueName: "N|none"))
    var maxPixels = LimitArgument(DecodingOptions.defaultMaxPixelCount)

    @Option(help: ArgumentHelp("Refuse images with a side longer than this many pixels (or none).", valueName: "N|none"))
    var maxSide = LimitArgument(DecodingOptions.defaultMaxSide)

    @Flag(help: "Refuse damaged image data a decoder can conceal (a JPEG's corrupt entropy data) instead of rendering it with a warning.")
    var rejectDamaged = false

    @OptionGroup(title: "Presentation")
    var presentation: PresentationOptions

    @OptionGroup(title: "Fonts")
    var fonts: FontOptions

    @OptionGroup(title: "Animation")
    var animation: AnimationOptions

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
            try ImageSurface.validate(size: surfaceSize, scale: scale)
        } catch {
            throw ValidationError("--size \(surfaceSize) --scale \(Size.format(scale)): \(error)")
        }
        // A side given as 0 is open (it takes the image's); a side given must be at least a pixel.
        let (w, h) = ImageRenderer.pixelSize(of: surfaceSize, scale: scale)
        guard w > 0 || surfaceSize.width == 0, h > 0 || surfaceSize.height == 0 else {
            throw ValidationError("--size \(surfaceSize) --scale \(Size.format(scale)) is \(w)x\(h) pixels: nothing to render")
        }
        guard timeout.isFinite, timeout > 0, timeout <= 86_400 else { throw ValidationError("--timeout must be in (0, 86400] seconds") }
        guard (0...20).contains(retries) else { throw ValidationError("--retries must be between 0 and 20") }
        guard (1...256).contains(maxConcurrent) else { throw ValidationError("--max-concurrent must be between 1 and 256") }
        if offline && reload { throw ValidationError("give either --offline or --reload, not both") }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be between 1 and 100") }
        if let output, format == nil, ImageFormat(outputPath: output) == nil {
            throw ValidationError(
                "-o \(output): name a .png, .jpg, .jpeg, .webp, .avif or .gif file, or give --format png|jpeg|webp|avif|gif")
        }
        if lossless && ![.webp, .avif].contains(outputFormat) {
            throw ValidationError("--lossless is for WebP or AVIF output (--format webp|avif, or -o *.webp|*.avif)")
        }
        if offline && cache.cacheDir == nil { throw ValidationError("--offline reads the disk cache: give --cache-dir DIR") }
        try validatePresentation()
        // Output names are a pure function of the parsed inputs: a clash is a usage error.
        do { _ = try jobs() } catch { throw ValidationError(error.description) }
    }

    /// The inputs to render, each once, with their output files.
    func jobs() throws(CLIError) -> [Job] {
        try Self.jobs(for: inputs, output: output, outputDir: outputDir, fileExtension: outputFormat.fileExtension)
    }

    /// `--format`, else the extension of `-o`, else PNG.
    var outputFormat: ImageFormat {
        format ?? output.flatMap { ImageFormat(outputPath: $0) } ?? .png
    }

    func run() async throws {
        let jobs = try jobs()
        let failurePlaceholder = try failure.map { path in
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                let image = try Bitmap(
                    decoding: data,
                    options: DecodingOptions(
                        scale: ImageScale.fromFileName(path),
                        maxPixelCount: maxPixels.value,
                        maxSide: maxSide.value))
                return ImageDescriptor(image, contentMode: .center, background: backgroundColor, accessibilityIdentifier: identifier)
            } catch {
                throw ValidationError("--failure \(path): \(error)")
            }
        }
        let ordered = try orderedPresentation()
        // The bundled fonts (and HarfBuzz) are read only for text: a render without any starts no font library.
        let fontCollection = try fonts.given()
        let overlays = ordered.overlays.isEmpty ? [] : try loadOverlays(ordered.overlays, fonts: fontCollection ?? .standard)
        // libcurl opens on first use: with URLs to fetch, now, while descriptors are free (the transfers, the cache
        // and libdispatch may take every one under a low limit, and opening it then would fail or starve them).
        if jobs.contains(where: \.input.isNetwork) { _ = CurlDataLoader.libraryFailure }
        let diskCache = try cache.open()
        if let outputDir { try OutputFolder.create(outputDir) } else if let output { try OutputFolder.requireParent(of: output) }
        var options = LoadingOptions(
            connectTimeout: .milliseconds(Int(min(timeout, 10) * 1000)),
            timeout: .milliseconds(Int(timeout * 1000)))
        // The user's own files: an SVG may draw the images beside it.
        options.inlinesSVGImageFiles = true
        let pipeline = ImagePipeline(
            loader: DefaultDataLoader(options: options),
            configuration: .init(
                maxConcurrentLoads: maxConcurrent, retry: RetryPolicy(maxRetries: retries),
                // Each input is rendered once (inputs are de-duplicated): caching
                // its pixels or bytes in memory would only keep every buffer fresh
                // — except an animated output's bytes, read again for the frames.
                memoryCacheBytes: 0, dataCacheBytes: animation.keepsAnimation(in: outputFormat) ? 64 << 20 : 0,
                diskCache: diskCache, decoders: .standard(fonts: fontCollection)))
        let outcomes = await render(
            jobs, pipeline: pipeline, failure: failurePlaceholder, look: Look(ordered: ordered, overlays: overlays))
        // Cache writes run in the background: let them land (and the sweep
        // run) before the process exits.
        await diskCache?.flush()
        let failed = report(outcomes, for: jobs)
        if let error = diskCache?.lastError { Self.printError("warning: disk cache: \(error)") }
        if failed { throw ExitCode(1) }
    }

    /// Renders every job, a window of them at once: enough to keep the
    /// network and every core busy without holding every image in memory.
    private func render(_ jobs: [Job], pipeline: ImagePipeline, failure: ImageDescriptor<Bitmap>?, look: Look) async -> [Outcome] {
        var outcomes = [Outcome?](repeating: nil, count: jobs.count)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // Transfers wait on the network, so keep many in flight; local files
        // wait on nothing: one more than the cores keeps them busy, and fewer
        // live buffers let malloc hand the same memory to the next image.
        let window =
            jobs.contains { if case .network = $0.input { true } else { false } }
            ? max(maxConcurrent, cores) * 2 : cores + 1
        await withTaskGroup(of: (Int, Outcome).self) { group in
            var next = 0
            func launch() {
                guard next < jobs.count else { return }
                let index = next
                next += 1
                group.addTask { (index, await render(jobs[index], pipeline: pipeline, failure: failure, look: look)) }
            }
            for _ in 0..<min(window, jobs.count) { launch() }
            for await (index, outcome) in group {
                outcomes[index] = outcome
                launch()
            }
        }
        return outcomes.map { $0 ?? .failed(.unfinished(.idle), placeholder: nil) }
    }

    /// Prints each outcome in input order; true when some input failed.
    private func report(_ outcomes: [Outcome], for jobs: [Job]) -> Bool {
        var failed = false
        for (job, outcome) in zip(jobs, outcomes) {
            switch outcome {
            case .failed(let error, let placeholder):
                failed = true
                Self.printError("error: \(job.text): \(error)")
                if verbose, let placeholder { print(placeholder) }
            case .rendered(let line, let staleBecause, let warnings):
                if let staleBecause {
                    Self.printError("warning: \(job.text): rendered a stale cached copy: \(staleBecause.reason(loading: job.input.url))")
                }
                if !warnings.isEmpty { Self.printError("warning: \(job.text): \(warnings.map(\.description).joined(separator: "; "))") }
                if verbose { print(line) }
            }
        }
        return failed
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
