import Foundation
// `recordIssue` reports to Swift Testing or XCTest, whichever is running.
@_spi(Internals) import SnapshotTesting
import VignetteCore

/// Asserts that a value renders like its reference PNG under
/// `Snapshots/<TestSuite>/<test>.<n or name>.png` at the package root.
///
/// ```swift
/// @Test func productTile() throws {
///     let surface = try ImageSurface(size: Size(width: 160, height: 120), scale: 2)
///     surface.apply(ImageDescriptor(try Bitmap(decoding: photoPNG), contentMode: .aspectFill))
///     assertSnapshot(of: surface, as: .image)                        // exact
///     assertSnapshot(of: surface, as: .image(perceptualPrecision: 0.98), named: "tolerant")
/// }
/// ```
///
/// Recording: a missing reference is written and the test fails saying so;
/// `SNAPSHOT_TESTING_RECORD` (`all`, `missing`, `failed`, `never`) or the
/// `record:` argument choose otherwise — except under `CI=true`, where
/// nothing is ever written and a missing reference fails with
/// "no reference at <path>". Re-recording an unchanged snapshot leaves the
/// file untouched. Works under Swift Testing and XCTest.
///
/// On a mismatch the reference, actual, diff and side-by-side PNGs are
/// written to the artifact folder and attached to the running test: Swift
/// Testing `Attachment`s (`swift test --attachments-path DIR` saves them),
/// or `XCTAttachment`s under XCTest on Apple platforms (swift-corelibs-xctest
/// on Linux has none: there the folder is the only copy).
public func assertSnapshot<Value>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Bitmap>,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let location = SnapshotLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if let failure = verifyImageSnapshot(
        of: try value(), as: snapshotting, named: name, record: record,
        filePath: "\(filePath)", testName: testName,
        environment: ProcessInfo.processInfo.environment, location: location)
    {
        location.fail(failure)
    }
}

/// The check behind `assertSnapshot`: nil when it passes, else the message.
/// On a mismatch the failure images are also attached to the running test
/// (see `assertSnapshot`).
public func verifyImageSnapshot<Value>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Bitmap>,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    filePath: String,
    testName: String
) -> String? {
    verifyImageSnapshot(
        of: try value(), as: snapshotting, named: name, record: record, filePath: filePath,
        testName: testName, environment: ProcessInfo.processInfo.environment)
}

/// `environment` stands in for the process environment (tests of the rules);
/// `location` is where attachments are attributed.
func verifyImageSnapshot<Value>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Bitmap>,
    named name: String?,
    record: SnapshotTestingConfiguration.Record?,
    filePath: String,
    testName: String,
    environment: [String: String],
    location: SnapshotLocation? = nil
) -> String? {
    let directory = SnapshotFolder.directory(forTestFile: filePath)
    let test = SnapshotFolder.sanitize(testName)
    let identifier = name.map(SnapshotFolder.sanitize) ?? String(SnapshotCounter.next(directory.path + "/" + test))
    let file = directory.appendingPathComponent("\(test).\(identifier).png")
    let isCI = SnapshotRecording.isCI(environment)
    let mode = SnapshotRecording.mode(explicit: record, environment: environment)

    let actual: Bitmap
    let data: Data
    switch takeSnapshot(of: try value(), as: snapshotting) {
    case .success(let taken): (actual, data) = taken
    case .failure(let problem): return problem.message
    }

    func recordReference(_ why: String) -> String {
        do {
            let changed = try SnapshotRecording.write(data, to: file)
            return "\(why); recorded \(changed ? "" : "(unchanged) ")\(file.path). Re-run to assert against it."
        } catch {
            return "\(why); could not record \(file.path): \(error)"
        }
    }

    guard let referenceData = FileManager.default.contents(atPath: file.path) else {
        if mode == .never {
            return "no reference at \(file.path)"
                + (isCI ? " (CI=true: references are never recorded on CI; record locally and commit it)" : "")
        }
        return recordReference("no reference at \(file.path)")
    }
    if mode == .all {
        return recordReference("record mode is on (all)")
    }
    let reference: Bitmap
    do {
        reference = try PNGCodec.decode(referenceData)
    } catch {
        let problem = "the reference \(file.path) is not a readable PNG (\(error))"
        return mode == .failed ? recordReference(problem) : problem + "; re-record it (SNAPSHOT_TESTING_RECORD=failed)"
    }
    let artifactName = directory.lastPathComponent + "/" + file.deletingPathExtension().lastPathComponent
    let failure = SnapshotArtifacts.$folderOverride.withValue(environment["SNAPSHOT_ARTIFACTS"]) {
        SnapshotArtifacts.$baseName.withValue(artifactName) { snapshotting.diffing.diffV2(reference, actual) }
    }
    guard let (message, attachments) = failure else { return nil }
    SnapshotAttachments.record(attachments, location: location)
    return mode == .failed ? recordReference(message) : "\(message)\nreference file: \(file.path)"
}

/// Why no snapshot could be taken, as the message the test shows.
private struct SnapshotProblem: Error {
    var message: String
}

/// The image and its PNG bytes, or why there are none.
private func takeSnapshot<Value>(
    of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Bitmap>
) -> Result<(Bitmap, Data), SnapshotProblem> {
    let actual: Bitmap
    do {
        guard let rendered = try SnapshotRecording.take(value(), with: snapshotting) else {
            return .failure(
                SnapshotProblem(
                    message:
                        "the snapshot strategy did not deliver an image synchronously; await the value first, then snapshot it"))
        }
        actual = rendered
    } catch {
        return .failure(SnapshotProblem(message: "could not take the snapshot: \(error)"))
    }
    let data = snapshotting.diffing.toData(actual)
    guard !data.isEmpty else {
        return .failure(
            SnapshotProblem(
                message:
                    "could not encode the snapshot as PNG (a \(actual.width)x\(actual.height) image); nothing was recorded"))
    }
    return .success((actual, data))
}

/// Numbering of unnamed snapshots within one test: 1, 2, 3…
enum SnapshotCounter {
    private static let counts = Locked<[String: Int]>([:])

    static func next(_ key: String) -> Int {
        counts.withLock { counts in
            let value = (counts[key] ?? 0) + 1
            counts[key] = value
            return value
        }
    }
}

/// Record-mode rules and the writes they allow.
enum SnapshotRecording {
    /// `CI` set to `true`, `1` or `yes`.
    static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return ["true", "1", "yes"].contains(value)
    }

    /// CI never records; else, as in swift-snapshot-testing, the `record:`
    /// argument, then `withSnapshotTesting(record:)` / the `.snapshots` trait,
    /// then `SNAPSHOT_TESTING_RECORD`, then `.missing`.
    static func mode(
        explicit: SnapshotTestingConfiguration.Record?,
        environment: [String: String]
    ) -> SnapshotTestingConfiguration.Record {
        if isCI(environment) { return .never }
        if let explicit { return explicit }
        if let configured = SnapshotTestingConfiguration.current?.record { return configured }
        if let text = environment["SNAPSHOT_TESTING_RECORD"],
            let mode = SnapshotTestingConfiguration.Record(rawValue: text.lowercased())
        {
            return mode
        }
        return .missing
    }

    /// Runs a strategy that delivers synchronously (all of Vignette's do).
    static func take<Value>(_ value: Value, with snapshotting: Snapshotting<Value, Bitmap>) -> Bitmap? {
        var result: Bitmap?
        snapshotting.snapshot(value).run { result = $0 }
        return result
    }

    /// Writes atomically unless the file already holds these bytes — or
    /// other bytes of exactly the same pixels (another zlib may compress
    /// differently; rewriting would only churn git). Returns whether it wrote.
    static func write(_ data: Data, to file: URL) throws -> Bool {
        if let existing = FileManager.default.contents(atPath: file.path) {
            if existing == data { return false }
            if let old = try? PNGCodec.decode(existing), let new = try? PNGCodec.decode(data), old == new { return false }
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(data, to: file.path)
        return true
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
