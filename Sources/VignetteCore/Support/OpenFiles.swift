#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether the process has file descriptors left, asked without taking any.
///
/// Libraries that fail for want of a descriptor (libcurl, SQLite) keep no
/// `errno`. Probing by opening files would take the last free numbers from
/// the runtime — libdispatch traps when it cannot open `/proc` — so free
/// numbers under the soft limit are counted with `fcntl(F_GETFD)`, which
/// opens nothing; only when enough are free does one `open` ask whether the
/// system's table is full.
package enum OpenFiles {
    /// `EMFILE` when fewer than `needed` descriptor numbers are free under
    /// the soft `RLIMIT_NOFILE`, `ENFILE` when the system's table is full,
    /// else nil.
    package static func exhausted(needing needed: Int) -> Int32? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        let ceiling = Int32(clamping: limit.rlim_cur)
        var free = 0
        var number: Int32 = 0
        while number < ceiling, free < needed {
            if fcntl(number, F_GETFD) == -1, errno == EBADF { free += 1 }
            number += 1
        }
        guard free >= needed else { return EMFILE }
        let probe = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard probe < 0 else {
            close(probe)
            return nil
        }
        return errno == ENFILE ? ENFILE : nil
    }

    #if canImport(Glibc)
        private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        private static let resource = RLIMIT_NOFILE
    #endif
}
