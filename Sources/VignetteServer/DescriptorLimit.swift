import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's limit on open file descriptors (`RLIMIT_NOFILE`). Every
/// connection, source socket, cache file and log takes one, and on Linux
/// running out is fatal to a Swift process, not an error: libdispatch's
/// thread-pool monitor opens `/proc/<tid>/stat` and traps when it cannot.
/// So `vignette` raises the soft limit to the hard one as it starts, and
/// `vignette serve` accepts at most ``RenderService/maxConnections``
/// connections within it.
///
/// ```swift
/// let before = DescriptorLimit.current
/// let now = DescriptorLimit.raised()   // soft limit up to the hard one
/// print("open files: \(before.soft) → \(now.soft)")
/// ```
public struct DescriptorLimit: Sendable, Hashable, CustomStringConvertible {
    /// The soft limit: the most descriptors the process may have open.
    public var soft: Int
    /// The hard limit: how far the process may raise `soft` itself.
    public var hard: Int

    /// A limit of `soft` descriptors, raisable to `hard`.
    package init(soft: Int, hard: Int) {
        self.soft = soft
        self.hard = hard
    }

    /// The process's limits now.
    public static var current: DescriptorLimit {
        var limit = rlimit()
        guard getrlimit(Self.resource, &limit) == 0 else { return DescriptorLimit(soft: 1024, hard: 1024) }
        return DescriptorLimit(soft: Self.count(limit.rlim_cur), hard: Self.count(limit.rlim_max))
    }

    /// The limits the process had before ``raised()`` first ran (the
    /// limits now when it never did): `vignette` raises them as it starts,
    /// and `vignette serve` logs both figures.
    package static let initial: DescriptorLimit = current

    /// Raises the soft limit to the hard one, as Go's runtime and nginx's
    /// `worker_rlimit_nofile` do, and returns the limits then in force
    /// (unchanged when the system refuses).
    @discardableResult public static func raised() -> DescriptorLimit {
        // A static let is set on first use: read it before anything changes.
        _ = initial
        var limit = rlimit()
        guard getrlimit(Self.resource, &limit) == 0 else { return current }
        if limit.rlim_cur < limit.rlim_max {
            var wanted = limit
            wanted.rlim_cur = limit.rlim_max
            #if canImport(Darwin)
                // macOS refuses a soft limit above OPEN_MAX even when the hard one is unlimited.
                wanted.rlim_cur = min(limit.rlim_max, rlim_t(OPEN_MAX))
            #endif
            _ = setrlimit(Self.resource, &wanted)
        }
        // libdispatch opens the main queue's wake-up eventfd on its first
        // wake-up from another thread and traps when no descriptor is left
        // then (`_dispatch_runloop_queue_handle_init`): wake it now, while
        // descriptors are free, not when a flood has taken them.
        DispatchQueue.main.async {}
        return current
    }

    /// How many descriptors the process has open (the entries of
    /// `/proc/self/fd`, or `/dev/fd`), or nil where neither can be read.
    package static func openCount() -> Int? {
        for folder in ["/proc/self/fd", "/dev/fd"] {
            if let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) { return entries.count }
        }
        return nil
    }

    /// "256 (hard 4096)".
    public var description: String { soft == hard ? "\(soft)" : "\(soft) (hard \(hard))" }

    #if canImport(Glibc)
        private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        private static let resource = RLIMIT_NOFILE
    #endif

    /// A limit as an Int (RLIM_INFINITY and anything larger: Int.max).
    private static func count(_ value: rlim_t) -> Int { value >= rlim_t(Int.max) ? Int.max : Int(value) }
}
