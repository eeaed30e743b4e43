#if canImport(Glibc)
    import Glibc
#endif

/// Memory advice for large decode buffers.
enum HugePages {
    /// Asks Linux to back a large decode buffer, not yet touched, with 2 MiB
    /// pages (transparent huge pages, "madvise" mode, the common default):
    /// a 2000×2000 PNG decode then takes a few page faults instead of ~4,000,
    /// which were a fifth of a `vignette compare`; JPEG decodes take the same
    /// advice. Advice only: no pixel depends on it, and it is skipped below
    /// 4 MiB and off Linux.
    static func advise(_ buffer: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
            let huge = 1 << 21
            guard byteCount >= 2 * huge else { return }
            let start = (Int(bitPattern: buffer) + huge - 1) & ~(huge - 1)
            let end = (Int(bitPattern: buffer) + byteCount) & ~(huge - 1)
            guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }
}
