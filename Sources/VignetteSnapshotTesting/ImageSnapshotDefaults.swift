import Foundation
import SnapshotTesting
import VignetteCore

/// Defaults for the image strategies made inside a scope: a suite's
/// tolerances, anti-aliasing mode and record mode, set once.
///
/// Under Swift Testing set them with the `.imageSnapshots(…)` trait on a
/// suite or a test; under XCTest (or anywhere) with
/// `withImageSnapshotDefaults(…)`. Every field left nil keeps the value of
/// the scope around it, and an argument given to the strategy itself
/// (`.image(precision: 0.9)`) wins over every default:
///
/// argument → innermost scope → outer scopes → exact (`precision` and
/// `perceptualPrecision` 1, `.strict`, no absolute tolerance).
///
/// The record mode is handed to swift-snapshot-testing's
/// `withSnapshotTesting(record:)`, so it is the same setting as its
/// `.snapshots(record:)` trait: the innermost of the two wins, and the
/// `record:` argument of `assertImageSnapshot` wins over both.
public struct ImageSnapshotDefaults: Sendable, Equatable {
    /// Share of pixels that must not fail, 0...1.
    public var precision: Double?
    /// Per-pixel similarity, 0...1 (0.98 forgives ΔE 2).
    public var perceptualPrecision: Double?
    /// Whether anti-aliasing is classified, and forgiven.
    public var antiAliasing: ImageComparison.AntiAliasing?
    /// At most this many pixels may fail (see `ImageComparison.maxDifferentPixels`).
    public var maxDifferentPixels: Int?
    /// The record mode (see swift-snapshot-testing's `SnapshotTestingConfiguration.Record`).
    public var record: SnapshotTestingConfiguration.Record?

    /// Defaults; nil fields keep the surrounding scope's.
    public init(
        precision: Double? = nil, perceptualPrecision: Double? = nil,
        antiAliasing: ImageComparison.AntiAliasing? = nil, maxDifferentPixels: Int? = nil,
        record: SnapshotTestingConfiguration.Record? = nil
    ) {
        self.precision = precision
        self.perceptualPrecision = perceptualPrecision
        self.antiAliasing = antiAliasing
        self.maxDifferentPixels = maxDifferentPixels
        self.record = record
    }

    /// The defaults in effect here (all nil outside any scope).
    public static var current: ImageSnapshotDefaults { scoped ?? ImageSnapshotDefaults() }

    @TaskLocal static var scoped: ImageSnapshotDefaults?

    /// These defaults over `outer`: a field set here wins.
    func over(_ outer: ImageSnapshotDefaults) -> ImageSnapshotDefaults {
        ImageSnapshotDefaults(
            precision: precision ?? outer.precision,
            perceptualPrecision: perceptualPrecision ?? outer.perceptualPrecision,
            antiAliasing: antiAliasing ?? outer.antiAliasing,
            maxDifferentPixels: maxDifferentPixels ?? outer.maxDifferentPixels,
            record: record ?? outer.record)
    }

    /// The comparison a strategy uses: its own arguments, then these defaults, then exact.
    static func comparison(
        precision: Double?, perceptualPrecision: Double?, ignoring: [ImageComparison.IgnoredRegion],
        antiAliasing: ImageComparison.AntiAliasing?, maxDifferentPixels: Int?
    ) -> ImageComparison {
        let defaults = current
        return ImageComparison(
            precision: precision ?? defaults.precision ?? 1,
            perceptualPrecision: perceptualPrecision ?? defaults.perceptualPrecision ?? 1,
            ignoring: ignoring, antiAliasing: antiAliasing ?? defaults.antiAliasing ?? .strict,
            maxDifferentPixels: maxDifferentPixels ?? defaults.maxDifferentPixels)
    }
}

/// Runs `operation` with image snapshot defaults (see `ImageSnapshotDefaults`),
/// e.g. around `invokeTest()` of an `XCTestCase`:
///
/// ```swift
/// final class TileTests: XCTestCase {
///     override func invokeTest() {
///         withImageSnapshotDefaults(perceptualPrecision: 0.98, maxDifferentPixels: 20) { super.invokeTest() }
///     }
/// }
/// ```
public func withImageSnapshotDefaults<R>(
    precision: Double? = nil, perceptualPrecision: Double? = nil,
    antiAliasing: ImageComparison.AntiAliasing? = nil, maxDifferentPixels: Int? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    operation: () throws -> R
) rethrows -> R {
    let defaults = ImageSnapshotDefaults(
        precision: precision, perceptualPrecision: perceptualPrecision, antiAliasing: antiAliasing,
        maxDifferentPixels: maxDifferentPixels, record: record)
    return try ImageSnapshotDefaults.$scoped.withValue(defaults.over(.current)) {
        guard let record else { return try operation() }
        return try withSnapshotTesting(record: record) { try operation() }
    }
}

/// The asynchronous form of `withImageSnapshotDefaults(…)`.
public func withImageSnapshotDefaults<R>(
    precision: Double? = nil, perceptualPrecision: Double? = nil,
    antiAliasing: ImageComparison.AntiAliasing? = nil, maxDifferentPixels: Int? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
) async rethrows -> R {
    let defaults = ImageSnapshotDefaults(
        precision: precision, perceptualPrecision: perceptualPrecision, antiAliasing: antiAliasing,
        maxDifferentPixels: maxDifferentPixels, record: record)
    return try await ImageSnapshotDefaults.$scoped.withValue(defaults.over(.current)) {
        guard let record else { return try await operation() }
        return try await withSnapshotTesting(record: record) { try await operation() }
    }
}
