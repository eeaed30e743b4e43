/// A font file's bytes, copied once and shared by its faces and their
/// variable instances, freed with the last of them.
package final class FontBytes: @unchecked Sendable {
    // Written once in init, then only read (by HarfBuzz, on any thread).
    private let buffer: UnsafeMutableRawBufferPointer
    package let count: Int

    package init(copying bytes: some Collection<UInt8>) {
        count = bytes.count
        buffer = .allocate(byteCount: max(1, bytes.count), alignment: 16)
        _ = buffer.initializeMemory(as: UInt8.self, from: bytes)
    }

    deinit { buffer.deallocate() }

    /// The bytes, valid while this object lives.
    package var raw: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<count]) }
}
