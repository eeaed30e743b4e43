// The SSE2 build of the row unfilter (every x86-64 processor).
#if defined(__SSE2__)
#include "unfilter_private.h"
#define VG_SIMD_NAME vg_unfilter_row_sse2
#include "unfilter_simd.h"
#endif
