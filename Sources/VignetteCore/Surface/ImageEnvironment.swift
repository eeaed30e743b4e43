/// The app-wide defaults in one place: the placeholders a surface shows
/// when a call names none, and the loader remote descriptors use when none
/// is passed. A process-wide value, overridable per task (tests, one server
/// request) without touching anyone else's.
///
/// ```swift
/// ImageEnvironment.process.placeholders = .init(loading: .loading, failure: .failure)
/// ImageEnvironment.$override.withValue(testEnvironment) {
///     // surfaces applied here use testEnvironment
/// }
/// ```
public struct ImageEnvironment: Sendable {
    /// Placeholders for loads whose call site names none.
    public var placeholders: ImageSurface.Placeholders
    /// The loader for remote descriptors applied without one; nil means
    /// `ImagePipeline.shared` (with `import Vignette`).
    public var loader: (any ImageLoading)?

    /// An environment.
    public init(placeholders: ImageSurface.Placeholders = .plain, loader: (any ImageLoading)? = nil) {
        self.placeholders = placeholders
        self.loader = loader
    }

    private static let processValue = Locked(ImageEnvironment())

    /// The process-wide environment: set it once at start-up.
    public static var process: ImageEnvironment {
        get { processValue.withLock { $0 } }
        set { processValue.withLock { $0 = newValue } }
    }

    /// A task-local override: inside `ImageEnvironment.$override.withValue(…)`
    /// it replaces `process` for that task and its children.
    @TaskLocal public static var override: ImageEnvironment?

    /// The environment in force: the task's override, else the process value.
    public static var current: ImageEnvironment { override ?? process }
}
