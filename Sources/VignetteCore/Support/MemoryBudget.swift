/// The most bytes one render may allocate (canvas, resampling buffers,
/// filter tables), checked before anything is allocated. Renders from
/// sources a stranger controls (a server) should set a tight one.
///
/// ```swift
/// let pixels = try ImageRenderer.render(descriptor, size: Size(width: 300, height: 300), scale: 2,
///                                       budget: MemoryBudget(megabytes: 64))
/// ```
public struct MemoryBudget: Sendable, Hashable, CustomStringConvertible {
    /// The limit in bytes.
    public var bytes: Int

    /// A budget of `bytes` (negative counts as zero).
    public init(bytes: Int) { self.bytes = max(0, bytes) }

    /// A budget of `megabytes` MiB.
    public init(megabytes: Int) { self.init(bytes: megabytes.multipliedClamped(by: 1 << 20)) }

    /// 1 GiB: far above any sane render (a 600×600 thumbnail of a 6000×4000
    /// photo plans about 10 MiB), below what a hostile size could ask.
    public static let standard = MemoryBudget(bytes: 1 << 30)

    /// No limit.
    package static let unlimited = MemoryBudget(bytes: .max)

    /// E.g. `64 MiB`.
    public var description: String {
        bytes == .max ? "unlimited" : "\(bytes >> 20) MiB"
    }
}
