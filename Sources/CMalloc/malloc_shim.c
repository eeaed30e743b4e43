#include "CMalloc.h"

// Any C library header defines __GLIBC__ on glibc; without one first, the
// test below was false and this function did nothing.
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int vg_malloc_keep_large_buffers(void) {
#if defined(__GLIBC__)
    // 32 MiB is the most glibc accepts (half its 64 MiB heap size); a
    // larger value is refused and leaves every big buffer mmapped afresh.
    int mmap = mallopt(M_MMAP_THRESHOLD, 32 << 20);
    int trim = mallopt(M_TRIM_THRESHOLD, 1024 << 20);
    return mmap == 1 && trim == 1;
#else
    return 0;
#endif
}
