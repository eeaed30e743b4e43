import Foundation
import SnapshotTesting
import VignetteCore

/// Asserts that a remote descriptor looks, in every state, like its
/// reference sheet under `Snapshots/<TestSuite>/<test>.<n or name>.png`.
/// Awaits the surfaces through their states (no blocking, no real time),
/// then compares the sheet exactly as `assertSnapshot(of:as:)` compares a
/// bitmap: same recording rules (nothing is written under `CI=true`), same
/// artifacts and message on a mismatch. Works under Swift Testing and
/// XCTest (from an `async` test).
///
/// ```swift
/// @Test func productImageStates() async {
///     let fixtures = FixtureLoader([url: .image(photo)])
///     await assertSnapshot(of: .productImage(url),
///                          as: .states(sizes: [Size(width: 120, height: 80)], scales: [1, 2], loader: fixtures))
/// }
/// ```
public func assertSnapshot(
    of remote: ImageDescriptor<URL>,
    as states: DescriptorStates,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) async {
    let sheet: Bitmap
    do {
        sheet = try await states.sheet(of: remote)
    } catch {
        SnapshotLocation(fileID: fileID, filePath: filePath, line: line, column: column)
            .fail("could not render the states of \(remote.reference.absoluteString): \(error)")
        return
    }
    assertSnapshot(
        of: sheet, as: .image(precision: states.precision, perceptualPrecision: states.perceptualPrecision),
        named: name, record: record, fileID: fileID, file: filePath, testName: testName,
        line: line, column: column)
}

/// The check behind the states `assertSnapshot`: nil when the sheet matches
/// its reference, else the message (for your own reporting).
public func verifyImageSnapshot(
    of remote: ImageDescriptor<URL>,
    as states: DescriptorStates,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    filePath: String,
    testName: String
) async -> String? {
    let sheet: Bitmap
    do {
        sheet = try await states.sheet(of: remote)
    } catch {
        return "could not render the states of \(remote.reference.absoluteString): \(error)"
    }
    return verifyImageSnapshot(
        of: sheet,
        as: .image(
            precision: states.precision,
            perceptualPrecision: states.perceptualPrecision),
        named: name, record: record, filePath: filePath, testName: testName)
}
