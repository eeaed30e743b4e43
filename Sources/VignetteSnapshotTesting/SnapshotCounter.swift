import Foundation
import VignetteCore
// swift-snapshot-testing links XCTest already; its observation API is how
// the numbering learns that a test case finished.
@preconcurrency import XCTest

#if canImport(Testing)
    import Testing
#endif

/// Numbering of unnamed snapshots: 1, 2, 3… within one test, restarting for
/// every test, as swift-snapshot-testing numbers them.
///
/// Under Swift Testing, tests run in parallel, so each test counts apart:
/// the running test's identity is part of the key. Under XCTest, test cases
/// run one at a time, and the counts are cleared when each one finishes
/// (so a repeated test case starts again at 1).
enum SnapshotCounter {
    struct Key: Hashable {
        /// The Swift Testing test, or nil under XCTest (or outside any test).
        var test: String?
        /// `<snapshot folder>/<test name>`.
        var snapshot: String
    }

    private static let counts = Locked<[Key: Int]>([:])

    /// The next number for `snapshot` in the running test.
    static func next(_ snapshot: String) -> Int {
        let test = runningSwiftTest
        if test == nil { XCTestReset.registerOnce() }
        return counts.withLock { counts in
            let key = Key(test: test, snapshot: snapshot)
            let value = (counts[key] ?? 0) + 1
            counts[key] = value
            return value
        }
    }

    /// Forgets the counts made outside Swift Testing (a test case finished).
    static func resetOutsideSwiftTesting() {
        counts.withLock { counts in counts = counts.filter { $0.key.test != nil } }
    }

    private static var runningSwiftTest: String? {
        #if canImport(Testing)
            Test.current.map { String(describing: $0.id) }
        #else
            nil
        #endif
    }
}

/// Clears the XCTest counts after every test case.
private final class XCTestReset: NSObject, XCTestObservation {
    private static let registered = Locked(false)

    static func registerOnce() {
        let first = registered.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        XCTestObservationCenter.shared.addTestObserver(XCTestReset())
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        SnapshotCounter.resetOutsideSwiftTesting()
    }
}
