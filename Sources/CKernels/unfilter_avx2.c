// The AVX2 build of the row unfilter, chosen at run time when the processor
// has AVX2 (unfilter.c asks once). Same source as the SSE2 build.
#if defined(__SSE2__)
#include <emmintrin.h>
#include <immintrin.h>
#include <string.h>

#include "unfilter_private.h"

#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define VG_SIMD_NAME vg_unfilter_row_avx2
#define VG_SIMD_AVX2 1
#include "unfilter_simd.h"
#pragma clang attribute pop
#endif
