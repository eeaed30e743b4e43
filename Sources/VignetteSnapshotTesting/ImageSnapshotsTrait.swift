#if canImport(Testing)
    import SnapshotTesting
    import Testing
    import VignetteCore

    /// The trait behind `.imageSnapshots(…)`: image snapshot defaults for a
    /// suite (and every test in it) or one test.
    public struct ImageSnapshotsTrait: SuiteTrait, TestTrait, TestScoping {
        /// Not recursive: the suite's scope already wraps every test inside it.
        public var isRecursive: Bool { false }
        /// The defaults this trait sets; nil fields keep the surrounding scope's.
        public let defaults: ImageSnapshotDefaults

        /// Runs the test (or suite) with the defaults, over those around it.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            try await withImageSnapshotDefaults(
                precision: defaults.precision, perceptualPrecision: defaults.perceptualPrecision,
                antiAliasing: defaults.antiAliasing, maxDifferentPixels: defaults.maxDifferentPixels,
                record: defaults.record, operation: function)
        }
    }

    extension Trait where Self == ImageSnapshotsTrait {
        /// Defaults for the image strategies (`.image`, `.states`, `.frames`)
        /// made in this suite or test; a strategy's own argument wins:
        ///
        /// ```swift
        /// @Suite(.imageSnapshots(perceptualPrecision: 0.98, antiAliasing: .forgiven))
        /// struct TileTests {
        ///     @Test func tile() async throws { … }                             // ΔE 2, anti-aliasing forgiven
        ///     @Test(.imageSnapshots(maxDifferentPixels: 10)) func badge() async throws { … }
        /// }
        /// ```
        ///
        /// `record:` is swift-snapshot-testing's record mode, set as its
        /// `.snapshots(record:)` trait sets it (the innermost wins).
        public static func imageSnapshots(
            precision: Double? = nil, perceptualPrecision: Double? = nil,
            antiAliasing: ImageComparison.AntiAliasing? = nil, maxDifferentPixels: Int? = nil,
            record: SnapshotTestingConfiguration.Record? = nil
        ) -> Self {
            ImageSnapshotsTrait(
                defaults: ImageSnapshotDefaults(
                    precision: precision, perceptualPrecision: perceptualPrecision, antiAliasing: antiAliasing,
                    maxDifferentPixels: maxDifferentPixels, record: record))
        }
    }
#endif
