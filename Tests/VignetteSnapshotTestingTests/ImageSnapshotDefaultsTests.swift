import Foundation
@_spi(Internals) import SnapshotTesting
import Testing
import VignetteTestSupport

@testable import VignetteCore
@testable import VignetteSnapshotTesting

/// Suite defaults (`.imageSnapshots(…)`, `withImageSnapshotDefaults`) and
/// their precedence: strategy argument → innermost scope → outer scopes → exact.
@Suite(.imageSnapshots(perceptualPrecision: 0.98, maxDifferentPixels: 7))
struct ImageSnapshotDefaultsTests {
    typealias Sandbox = SnapshotRecordingTests.Sandbox
    static let never = ["SNAPSHOT_TESTING_RECORD": "never"]

    @Test func theSuiteTraitSetsTheStrategyDefaults() throws {
        #expect(ImageSnapshotDefaults.current == ImageSnapshotDefaults(perceptualPrecision: 0.98, maxDifferentPixels: 7))
        let box = try Sandbox()
        defer { box.remove() }
        let photo = try TestImages.photo()
        _ = box.verify(photo)
        let noisy = TestImages.noisy(photo)
        // The suite's ΔE 2 forgives the noise; an argument of the test wins over it.
        #expect(box.verify(noisy, as: .image, env: Self.never) == nil)
        let strict = try #require(box.verify(noisy, as: .image(perceptualPrecision: 1), env: Self.never))
        #expect(strict.contains("allowed at most 7 failing pixels"))
    }

    @Test(.imageSnapshots(perceptualPrecision: 1, antiAliasing: .forgiven))
    func aTestTraitOverridesTheSuiteFieldByField() throws {
        let defaults = ImageSnapshotDefaults.current
        #expect(defaults.perceptualPrecision == 1 && defaults.antiAliasing == .forgiven && defaults.maxDifferentPixels == 7)
        let box = try Sandbox()
        defer { box.remove() }
        let photo = try TestImages.photo()
        _ = box.verify(photo)
        #expect(box.verify(TestImages.noisy(photo), as: .image, env: Self.never) != nil)
    }

    @Test func nestedScopesMergeAndArgumentsWin() {
        withImageSnapshotDefaults(precision: 0.9) {
            withImageSnapshotDefaults(antiAliasing: .reported) {
                let resolved = ImageSnapshotDefaults.comparison(
                    precision: nil, perceptualPrecision: nil, ignoring: [], antiAliasing: nil, maxDifferentPixels: 3)
                #expect(
                    resolved
                        == ImageComparison(
                            precision: 0.9, perceptualPrecision: 0.98, antiAliasing: .reported, maxDifferentPixels: 3))
            }
        }
        let states = DescriptorStates(sizes: [], loader: FixtureLoader([:]), precision: 0.5)
        #expect(states.precision == 0.5 && states.perceptualPrecision == 0.98 && states.maxDifferentPixels == 7)
    }

    @Test func outsideAnyScopeTheStrategiesAreExact() async {
        await Task.detached {
            #expect(ImageSnapshotDefaults.current == ImageSnapshotDefaults())
            let exact = ImageSnapshotDefaults.comparison(
                precision: nil, perceptualPrecision: nil, ignoring: [], antiAliasing: nil, maxDifferentPixels: nil)
            #expect(exact == .exact)
        }.value
    }

    @Test(.imageSnapshots(record: .all))
    func theRecordModeIsSwiftSnapshotTestingsOwn() {
        // Ours sets upstream's configuration, so its `assertSnapshot` sees it too.
        #expect(SnapshotTestingConfiguration.current?.record == .all)
        #expect(SnapshotRecording.mode(explicit: nil, environment: [:]) == .all)
        // The innermost of the two wins; the argument wins over both; CI over everything.
        withSnapshotTesting(record: .never) {
            #expect(SnapshotRecording.mode(explicit: nil, environment: [:]) == .never)
            withImageSnapshotDefaults(record: .failed) {
                #expect(SnapshotRecording.mode(explicit: nil, environment: [:]) == .failed)
                #expect(SnapshotRecording.mode(explicit: .missing, environment: [:]) == .missing)
                #expect(SnapshotRecording.mode(explicit: .all, environment: ["CI": "true"]) == .never)
            }
        }
    }

    @Suite(.snapshots(record: .never))
    struct UnderUpstreamsTrait {
        @Test(.imageSnapshots(record: .failed)) func oursInsideWins() {
            #expect(SnapshotRecording.mode(explicit: nil, environment: [:]) == .failed)
        }

        @Test func upstreamsAloneApplies() {
            #expect(SnapshotRecording.mode(explicit: nil, environment: [:]) == .never)
            #expect(ImageSnapshotDefaults.current.perceptualPrecision == 0.98)  // the outer suite's still reach here
        }
    }
}
