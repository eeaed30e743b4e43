import CMalloc
import Testing

/// The heap settings `vignette` applies for batch commands take effect:
/// glibc accepts both values. (The shim once tested `__GLIBC__` before
/// including any C header, compiled to nothing, and every image's encoder
/// buffers were returned to the kernel and faulted in again.)
@Suite struct HeapSettingsTests {
    #if os(Linux)
        @Test func glibcTakesTheBatchHeapSettings() {
            #expect(vg_malloc_keep_large_buffers() == 1)
        }
    #endif
}
