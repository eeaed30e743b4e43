import Foundation
import SnapshotTesting
import VignetteCore

/// Asserts that a value renders like its reference PNG under
/// `Snapshots/<TestSuite>/<test>.<n or name>.png` at the package root.
///
/// ```swift
/// @Test func productTile() async throws {
///     let surface = try ImageSurface(size: Size(width: 160, height: 120), scale: 2)
///     surface.apply(ImageDescriptor(try Bitmap(decoding: photoPNG), contentMode: .aspectFill))
///     await assertImageSnapshot(of: surface, as: .image)                        // exact
///     await assertImageSnapshot(of: surface, as: .image(perceptualPrecision: 0.98), named: "tolerant")
/// }
/// ```
///
/// Why a name of its own: swift-snapshot-testing's `assertSnapshot(of:as:)`
/// keeps references in `__Snapshots__` beside the test file and records
/// wherever it runs. An overload of the same name only wins for the
/// arguments it declares, so one more argument (`timeout:`, or whatever a
/// later release adds) would silently switch to upstream's folder and
/// rules. `assertImageSnapshot` cannot be confused with it: every call
/// follows the rules below, and `assertSnapshot` stays upstream's.
///
/// Why `async`: a strategy may deliver its image later — `.states` renders
/// every state of a remote descriptor once the surfaces have loaded.
/// swift-snapshot-testing blocks the test's thread until then (within a
/// `timeout:`); this awaits it, so no thread waits and no wall-clock limit
/// applies, which keeps it safe on Swift Testing's small cooperative pool.
/// There is no synchronous twin: an overload that differs only in `async`
/// is picked by context, and inside `#expect(await …)` the compiler can
/// pick the synchronous one. Under XCTest, make the test method `async`.
///
/// - Parameters:
///   - value: What to snapshot: an `ImageSurface`, a `Bitmap`, a remote
///     `ImageDescriptor` (with `.states`), or any value a
///     `Snapshotting<Value, Bitmap>` renders.
///   - snapshotting: The strategy, e.g. `.image`, `.image(perceptualPrecision:)`,
///     `.states(sizes:loader:)`, or one pulled back from them.
///   - name: Names the reference `<test>.<name>.png`; without it unnamed
///     snapshots are numbered 1, 2, … within each test, restarting for every
///     test.
///   - record: The record mode for this call (see below).
///   - isolation: The caller's actor, where the value is taken.
///   - fileID: Where a failure is reported. Defaults to the caller's.
///   - filePath: The test file: its name is the `<TestSuite>` folder, and
///     the package root is found above it. Defaults to the caller's.
///   - testName: The `<test>` part of the file name. Defaults to the caller's
///     function.
///   - line: Where a failure is reported. Defaults to the caller's.
///   - column: Where a failure is reported. Defaults to the caller's.
///
/// Recording: a missing reference is written and the test fails saying so;
/// the `record:` argument, then swift-snapshot-testing's
/// `withSnapshotTesting(record:)` / `.snapshots` trait, then
/// `SNAPSHOT_TESTING_RECORD` (`all`, `missing`, `failed`, `never`) choose
/// otherwise — except under `CI=true`, where nothing is ever written and a
/// missing reference fails with "no reference at <path>". Re-recording an
/// unchanged snapshot leaves the file untouched. Works under Swift Testing
/// and XCTest.
///
/// Every call writes its actual to the run's artifacts folder at the
/// reference's path and lists it in the run's manifest (what
/// `vignette compare Snapshots <artifacts>` and `vignette snapshots
/// accept|obsolete` read; see `SnapshotFolder.artifacts(forTestFile:)`).
/// Suite defaults for the strategy come from `.imageSnapshots(…)` or
/// `withImageSnapshotDefaults(…)`.
///
/// On a mismatch the reference, actual, diff and side-by-side PNGs are
/// written to the artifact folder and attached to the running test: Swift
/// Testing `Attachment`s (`swift test --attachments-path DIR` saves them),
/// or `XCTAttachment`s under XCTest on Apple platforms (swift-corelibs-xctest
/// on Linux has none: there the folder is the only copy).
public func assertImageSnapshot<Value>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Bitmap>,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) async {
    let location = SnapshotLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let check = SnapshotCheck(
        named: name, record: record, filePath: "\(filePath)", testName: testName, environment: SnapshotEnvironment.current)
    let taken = await SnapshotDelivery.awaited(value, with: snapshotting, isolation: isolation)
    if let failure = check.finish(taken, diffing: snapshotting.diffing, location: location) {
        location.fail(failure)
    }
}

/// The check behind `assertImageSnapshot`: nil when it passes, else the
/// message, for your own reporting. The same folder, naming and record
/// rules; on a mismatch the failure images are also attached to the
/// running test.
public func verifyImageSnapshot<Value>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Bitmap>,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    isolation: isolated (any Actor)? = #isolation,
    filePath: String,
    testName: String
) async -> String? {
    let check = SnapshotCheck(named: name, record: record, filePath: filePath, testName: testName, environment: SnapshotEnvironment.current)
    let taken = await SnapshotDelivery.awaited(value, with: snapshotting, isolation: isolation)
    return check.finish(taken, diffing: snapshotting.diffing, location: nil)
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
    let check = SnapshotCheck(named: name, record: record, filePath: filePath, testName: testName, environment: environment)
    return check.finish(SnapshotDelivery.now(value, with: snapshotting), diffing: snapshotting.diffing, location: location)
}
