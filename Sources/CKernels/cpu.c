#include "cpu_private.h"

#if defined(__x86_64__) || defined(__i386__)
// Decided once, before main and before any thread exists: every later read
// is of a value no one writes again, so run-time dispatch cannot race.
static int avx2_supported = 0;

__attribute__((constructor)) static void vg_detect_cpu_features(void) {
    __builtin_cpu_init();
    avx2_supported = __builtin_cpu_supports("avx2") ? 1 : 0;
}

int vg_cpu_has_avx2(void) { return avx2_supported; }
#else
int vg_cpu_has_avx2(void) { return 0; }
#endif
