#ifndef VG_UNFILTER_PRIVATE_H
#define VG_UNFILTER_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

// One SIMD build of the row unfilter: 0 when it handled the row, 1 when the
// layout is not one it has a kernel for (the caller then runs the scalar code).
// `filter` is already known to be 0…4.
int vg_unfilter_row_sse2(int filter, const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width,
                         int src_bpp, int dst_bpp);
int vg_unfilter_row_avx2(int filter, const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width,
                         int src_bpp, int dst_bpp);

#endif
