#include "CMalloc.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void vg_malloc_keep_large_buffers(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 512 << 20);
    mallopt(M_TRIM_THRESHOLD, 1024 << 20);
#endif
}
