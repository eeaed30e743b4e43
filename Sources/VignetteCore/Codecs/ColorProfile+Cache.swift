import CLCMS

extension ColorProfile {
    /// What preparing a profile gave: a transform to apply, or the outcome
    /// for pixels that stay as they are.
    enum Prepared: Sendable {
        case transform(ICCTransform)
        case unchanged(Conversion)
    }

    /// Recently prepared profiles, by their bytes. Photos share a handful of
    /// profiles (Display P3, sRGB, Adobe RGB), and building a transform costs
    /// about 3 ms (lcms2 fills its tables), as much as converting 0.15 Mpx.
    private static let cache = Locked(LRUStore<[UInt8], Prepared>())
    /// Entries kept; profiles up to `cachedByteLimit` bytes are cached, so
    /// the cache holds at most ~8 × (64 KiB + a ~100–250 KiB transform).
    static let cachedEntryLimit = 8
    static let cachedByteLimit = 64 << 10

    /// The prepared transform, from the cache when this profile was seen lately.
    func prepared() -> Prepared {
        guard bytes.count <= Self.cachedByteLimit else { return prepare() }
        if let hit = Self.cache.withLock({ $0.value(for: bytes) }) { return hit }
        // Built outside the lock: a slow build never blocks other profiles
        // (two threads racing on one new profile both build it; one wins).
        let made = prepare()
        Self.cache.withLock { _ = $0.set(made, for: bytes, cost: 1, limit: Self.cachedEntryLimit) }
        return made
    }
}

/// An lcms2 transform from one profile to sRGB, freed with its last reference.
/// Immutable once built, and built without lcms2's 1-pixel cache, so any
/// number of threads may apply it at once.
final class ICCTransform: @unchecked Sendable {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { vg_icc_transform_free(handle) }

    /// Converts straight-alpha RGBA8 in place (`width * height * 4` bytes).
    func apply(_ rgba: inout [UInt8], width: Int, height: Int) {
        rgba.withUnsafeMutableBufferPointer { pixels in
            vg_icc_transform_apply(handle, pixels.baseAddress, UInt32(width), UInt32(height), width * 4)
        }
    }
}
