// The AVX2 kernels resample.c calls, defined in resample_avx2.c.
#ifndef VG_RESAMPLE_PRIVATE_H
#define VG_RESAMPLE_PRIVATE_H

#include "CKernels.h"

#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) || defined(__i386__)
#define VG_HAVE_AVX2_KERNELS 1

/// 32-byte blocks of one vertical output row; returns how many bytes it did.
size_t vg_vertical_row_avx2(const uint8_t *first_row, size_t stride, size_t span, int32_t count,
                            const int16_t *w, int32_t bits, int clamp_to_alpha, uint8_t *out);

/// Two neighbouring horizontal output pixels (4 bytes each at `out`) with
/// `count` taps from `p0` and `p1`, weights `w0` and `w1`.
void vg_horizontal_pair_avx2(const uint8_t *p0, const uint8_t *p1, int32_t count, const int16_t *w0,
                             const int16_t *w1, int32_t bits, uint8_t *out);

/// The same pair in two rows `stride` (source) and `out_stride` bytes apart.
void vg_horizontal_pair_two_rows_avx2(const uint8_t *p0, const uint8_t *p1, size_t stride, int32_t count,
                                      const int16_t *w0, const int16_t *w1, int32_t bits, uint8_t *out,
                                      size_t out_stride);
#endif

#endif
