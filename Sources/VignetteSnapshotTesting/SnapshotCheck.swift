import Foundation
// `recordIssue` reports to Swift Testing or XCTest, whichever is running.
@_spi(Internals) import SnapshotTesting
import VignetteCore

/// One snapshot being checked: where its reference lives and which record
/// rules apply. Made before the snapshot is taken, as the number of an
/// unnamed snapshot is drawn in call order.
struct SnapshotCheck {
    let directory: URL
    let file: URL
    let environment: [String: String]
    let mode: SnapshotTestingConfiguration.Record
    let isCI: Bool
    /// The run's artifacts folder: `SNAPSHOT_ARTIFACTS`, else `.build/vignette-snapshots` in the package.
    let artifacts: URL
    /// `<Suite>/<test>.<n or name>.png`, the reference's path under `Snapshots/`.
    var relativePath: String { directory.lastPathComponent + "/" + file.lastPathComponent }

    init(
        named name: String?, record: SnapshotTestingConfiguration.Record?, filePath: String, testName: String,
        environment: [String: String]
    ) {
        directory = SnapshotFolder.directory(forTestFile: filePath, environment: environment)
        let test = SnapshotFolder.sanitize(testName)
        let identifier = name.map(SnapshotFolder.sanitize) ?? String(SnapshotCounter.next(directory.path + "/" + test))
        file = directory.appendingPathComponent("\(test).\(identifier).png")
        self.environment = environment
        isCI = SnapshotRecording.isCI(environment)
        mode = SnapshotRecording.mode(explicit: record, environment: environment)
        artifacts = SnapshotFolder.artifacts(forTestFile: filePath, environment: environment)
    }

    /// Compares the image taken with the reference — recording it where the
    /// rules allow — or says why there is no image: nil when it passes.
    /// Every check is recorded in the run's artifacts folder (see `SnapshotRun`).
    func finish(_ taken: Result<Bitmap, SnapshotProblem>, diffing: Diffing<Bitmap>, location: SnapshotLocation?) -> String? {
        let actual: Bitmap
        switch taken {
        case .success(let image): actual = image
        case .failure(let problem):
            SnapshotRun.record(relative: relativePath, actual: Data(), failed: false, artifacts: artifacts)
            return problem.message
        }
        let data = diffing.toData(actual)
        // Joined first: a new run clears the previous run's files before this one writes any.
        _ = SnapshotRun.join(artifacts)
        let missing = !FileManager.default.fileExists(atPath: file.path)
        let (message, failed) = compare(actual, data: data, diffing: diffing, location: location)
        let recorded = missing && !failed && FileManager.default.fileExists(atPath: file.path)
        SnapshotRun.record(relative: relativePath, actual: data, failed: failed, recorded: recorded, artifacts: artifacts)
        return message
    }

    /// The message (nil: passed), and whether the actual differs from a reference left in place.
    private func compare(
        _ actual: Bitmap, data: Data, diffing: Diffing<Bitmap>, location: SnapshotLocation?
    ) -> (message: String?, failed: Bool) {
        guard !data.isEmpty else {
            return ("could not encode the snapshot as PNG (a \(actual.width)x\(actual.height) image); nothing was recorded", false)
        }
        guard let referenceData = FileManager.default.contents(atPath: file.path) else {
            if mode == .never {
                let ci = isCI ? " (CI=true: references are never recorded on CI; record locally and commit it)" : ""
                return ("no reference at \(file.path)" + ci, true)
            }
            return (record(data, "no reference at \(file.path)"), false)
        }
        if mode == .all {
            return (record(data, "record mode is on (all)"), false)
        }
        let reference: Bitmap
        do {
            reference = try Bitmap(decoding: referenceData)
        } catch {
            let problem = "the reference \(file.path) is not a readable PNG (\(error))"
            return mode == .failed
                ? (record(data, problem), false) : (problem + "; re-record it (SNAPSHOT_TESTING_RECORD=failed)", true)
        }
        let artifactName = directory.lastPathComponent + "/" + file.deletingPathExtension().lastPathComponent
        let failure = SnapshotArtifacts.$folderOverride.withValue(artifacts.path) {
            SnapshotArtifacts.$baseName.withValue(artifactName) { diffing.diffV2(reference, actual) }
        }
        guard let (message, attachments) = failure else { return (nil, false) }
        SnapshotAttachments.record(attachments, location: location)
        return mode == .failed ? (record(data, message), false) : ("\(message)\nreference file: \(file.path)", true)
    }

    private func record(_ data: Data, _ why: String) -> String {
        do {
            let changed = try SnapshotRecording.write(data, to: file)
            return "\(why); recorded \(changed ? "" : "(unchanged) ")\(file.path). Re-run to assert against it."
        } catch {
            return "\(why); could not record \(file.path): \(error)"
        }
    }
}

/// Why no snapshot could be taken, as the message the test shows.
struct SnapshotProblem: Error {
    var message: String
}

/// Runs a strategy to get its image.
enum SnapshotDelivery {
    /// Inside `assertImageSnapshot`/`verifyImageSnapshot`, where a strategy
    /// that cannot make its image (`.states` whose loader failed) puts why,
    /// so it becomes the one failure message.
    @TaskLocal static var problems: Locked<String?>?

    /// Called by a strategy that could not make its image, before it
    /// delivers an empty one: inside our assertions the message becomes the
    /// failure; elsewhere (swift-snapshot-testing's `assertSnapshot`) it is
    /// recorded as an issue of the running test.
    static func report(
        _ message: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        if let problems {
            problems.withLock { $0 = $0 ?? message }
        } else {
            recordIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// The image, when the strategy delivers it at once (the `.image` ones
    /// do): for the synchronous check behind the tests of the rules.
    static func now<Value>(_ value: () throws -> Value, with snapshotting: Snapshotting<Value, Bitmap>) -> Result<Bitmap, SnapshotProblem> {
        let problems = Locked<String?>(nil)
        var delivered: Bitmap?
        do {
            let value = try value()
            $problems.withValue(problems) { snapshotting.snapshot(value).run { delivered = $0 } }
        } catch {
            return .failure(SnapshotProblem(message: "could not take the snapshot: \(error)"))
        }
        if let problem = problems.withLock({ $0 }) { return .failure(SnapshotProblem(message: problem)) }
        guard let delivered else {
            return .failure(
                SnapshotProblem(
                    message: "the snapshot strategy delivers its image later (as .states does); this synchronous check cannot wait for it"
                ))
        }
        return .success(delivered)
    }

    /// The image, whenever the strategy delivers it; no thread waits for it.
    static func awaited<Value>(
        _ value: () throws -> Value, with snapshotting: Snapshotting<Value, Bitmap>, isolation: isolated (any Actor)?
    ) async -> Result<Bitmap, SnapshotProblem> {
        let problems = Locked<String?>(nil)
        let subject: Value
        do { subject = try value() } catch { return .failure(SnapshotProblem(message: "could not take the snapshot: \(error)")) }
        let image: Bitmap = await withCheckedContinuation(isolation: isolation) { continuation in
            // A strategy that calls back twice must not resume twice.
            let resumed = Locked(false)
            $problems.withValue(problems) {
                snapshotting.snapshot(subject).run { image in
                    let first = resumed.withLock { done in
                        defer { done = true }
                        return !done
                    }
                    if first { continuation.resume(returning: image) }
                }
            }
        }
        if let problem = problems.withLock({ $0 }) { return .failure(SnapshotProblem(message: problem)) }
        return .success(image)
    }
}

/// Where to attribute a failure, for Swift Testing or XCTest.
struct SnapshotLocation {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    func fail(_ message: String) {
        recordIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
