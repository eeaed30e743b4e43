import Dispatch
import Foundation
import Vignette

/// `vignette compare REF_DIR ACTUAL_DIR`: pairs images by relative path and
/// compares the pairs in parallel, a bounded number at a time (one per core,
/// at most four), so memory stays at a few decoded images whatever the
/// folder holds. Nothing is written unless `--report` asks.
struct CompareFolders {
    let command: CompareCommand
    /// The tolerances and ignored regions, applied to every pair.
    let comparison: ImageComparison

    /// One relative path and where to read it on each side (nil: absent).
    struct Pair: Sendable {
        var path: String
        var reference: Result<String, CompareEntry.Failure>?
        var actual: Result<String, CompareEntry.Failure>?
    }

    /// Compares two folders; returns the exit status.
    func run() -> Int32 {
        guard case .success(let report) = makeReport() else { return 2 }
        let listings = [command.reference, command.actual].map { CompareInputs.list($0, excluding: report?.realFolder) }
        for (root, listing) in zip([command.reference, command.actual], listings) {
            for note in listing.notes { Self.printError("note: \(root): \(CompareEntry.printable(note))") }
            for error in listing.errors { Self.printError("error: \(root): \(CompareEntry.printable(error))") }
        }
        let paths = Set(listings[0].files.keys).union(listings[1].files.keys).sorted()
        let pairs = paths.map { Pair(path: $0, reference: listings[0].files[$0], actual: listings[1].files[$0]) }
        let status = finish(evaluate(pairs, report: report), report: report)
        return listings.contains { !$0.errors.isEmpty } ? 2 : status
    }

    /// Two files with `--json` or `--report`: a comparison of one pair, named by the actual file.
    func runFiles() -> Int32 {
        guard case .success(let report) = makeReport() else { return 2 }
        let source = { (path: String) -> Result<String, CompareEntry.Failure> in
            .success(CompareInputs.realPath(path) ?? path)
        }
        let pair = Pair(
            path: (command.actual as NSString).lastPathComponent,
            reference: source(command.reference), actual: source(command.actual))
        return finish(evaluate([pair], report: report), report: report)
    }

    /// The report folder, made ready before anything is listed (so the listing can skip it).
    private func makeReport() -> Result<CompareReport?, CompareEntry.Failure> {
        guard let folder = command.report else { return .success(nil) }
        do {
            return .success(try CompareReport(folder: folder))
        } catch {
            Self.printError("error: --report \(folder): \(error)")
            return .failure(error)
        }
    }

    private func evaluate(_ pairs: [Pair], report: CompareReport?) -> [CompareEntry] {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let workers = max(1, min(pairs.count, cores, 4))
        // Fewer pairs than cores: the two images of a pair decode in parallel instead.
        let parallelDecode = pairs.count < cores
        let next = Locked(0)
        let entries = Locked([CompareEntry?](repeating: nil, count: pairs.count))
        let comparison = self.comparison
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.withLock { value in
                    defer { value += 1 }
                    return value
                }
                guard index < pairs.count else { return }
                let entry = CompareFolders.evaluate(
                    pairs[index], index: index, comparison: comparison,
                    parallelDecode: parallelDecode, report: report)
                entries.withLock { $0[index] = entry }
            }
        }
        return entries.withLock { $0.map { $0! } }
    }

    /// A decoded image, and its bytes when they are a PNG (the report copies them).
    struct Loaded {
        var png: Data?
        var width: Int
        var height: Int
        var pixels: [UInt8]
        var size: PixelSize { PixelSize(width: width, height: height) }
        var image: (width: Int, height: Int, pixels: [UInt8]) { (width, height, pixels) }
    }

    static func read(_ source: Result<String, CompareEntry.Failure>) -> Result<Data, CompareEntry.Failure> {
        Result { () throws(CompareEntry.Failure) -> Data in try CompareInputs.read(try source.get()) }
    }

    static func decode(_ data: Data) -> Result<Loaded, CompareEntry.Failure> {
        Result { () throws(CompareEntry.Failure) -> Loaded in
            if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                do throws(PNGCodec.Error) {
                    let (header, pixels) = try PNGCodec.decodeStraightRGBA(data)
                    return Loaded(png: data, width: header.width, height: header.height, pixels: pixels)
                } catch {
                    throw CompareEntry.Failure(error.description)
                }
            }
            // JPEG, WebP, AVIF, GIF: the library's decoders (orientation applied,
            // colour as stored), back to straight alpha; the report shows a PNG of it.
            do throws(ImageDecoders.Error) {
                let options = DecodingOptions(appliesOrientation: true, convertsToSRGB: false)
                let bitmap = try Bitmap(decoding: data, options: options)
                let pixels = bitmap.isOpaque ? bitmap.pixels : bitmap.straightRGBA()
                return Loaded(png: nil, width: bitmap.width, height: bitmap.height, pixels: pixels)
            } catch {
                throw CompareEntry.Failure(error.description)
            }
        }
    }

    /// Both sides read, then decoded (see `ComparePairLoading`).
    private static func loadBoth(_ pair: Pair, parallel: Bool) -> [Result<Loaded, CompareEntry.Failure>?] {
        ComparePairLoading.load(
            [pair.reference, pair.actual].map { source in source.map { source in { @Sendable in read(source) } } },
            parallel: parallel, decode: decode)
    }

    private static func evaluate(
        _ pair: Pair, index: Int, comparison: ImageComparison, parallelDecode: Bool,
        report: CompareReport?
    ) -> CompareEntry {
        let loaded = loadBoth(pair, parallel: parallelDecode)
        let reference = try? loaded[0]?.get()
        let actual = try? loaded[1]?.get()
        var entry = CompareEntry(path: pair.path, status: .unchanged)
        entry.referenceSize = reference?.size
        entry.actualSize = actual?.size
        let failures = zip(["reference", "actual"], loaded).compactMap { side, result -> String? in
            guard case .failure(let failure)? = result else { return nil }
            return "\(side): \(failure)"
        }
        if !failures.isEmpty {
            entry.status = .unreadable
            entry.error = failures.joined(separator: "; ")
            return entry
        }
        if let reference, let actual {
            compare(reference, actual, comparison: comparison, into: &entry)
        } else {
            entry.status = reference == nil ? .added : .removed
        }
        if let report, entry.status != .unchanged || entry.hasDifferences {
            entry.artifacts = report.writeArtifacts(
                index: index, path: pair.path, reference: reference,
                actual: actual, comparison: comparison)
        }
        return entry
    }

    /// The verdict and figures of a pair both sides of which were read.
    private static func compare(
        _ reference: Loaded, _ actual: Loaded, comparison: ImageComparison, into entry: inout CompareEntry
    ) {
        let result = comparison.compareStraightRGBA(reference: reference.image, actual: actual.image)
        entry.result = result
        entry.status = result.matches ? .unchanged : .changed
        // A mask of another size: not compared, no figures but the reason.
        guard !result.sizesDiffer, result.regionError == nil else { return }
        entry.ignoredPixelCount = CompareIgnoredPixels(comparison, width: reference.width, height: reference.height)?.count ?? 0
        if result.differingPixelCount > 0 {
            // Ignored pixels left out, as the verdict leaves them out.
            entry.statistics = CompareIgnoredPixels.statistics(comparison, reference: reference, actual: actual)
        } else {
            entry.statistics = ImageComparison.Statistics(
                differingPixelCount: 0, worstDeltaE: 0, percentile99DeltaE: 0, changedRegions: [])
        }
    }

    /// Prints the outcome, writes the report's pages, and picks the exit status.
    private func finish(_ entries: [CompareEntry], report: CompareReport?) -> Int32 {
        let summary = CompareSummary(entries: entries, command: command, comparison: comparison)
        for entry in entries where entry.status == .unreadable {
            Self.printError("error: \(CompareEntry.printable(entry.path)): \(CompareEntry.printable(entry.error ?? ""))")
        }
        var reportFailed = false
        if let report {
            reportFailed = !report.finish(summary: summary, entries: entries)
        }
        if command.json {
            print(summary.jsonText, terminator: "")
        } else {
            for entry in entries where entry.status != .unchanged { print(entry.line) }
            print(summary.totalsLine)
            if let report, !reportFailed { print("wrote \(report.folder)/index.html") }
        }
        if reportFailed || summary.totals.unreadable > 0 { return 2 }
        return summary.totals.added + summary.totals.removed + summary.totals.changed > 0 ? 1 : 0
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
