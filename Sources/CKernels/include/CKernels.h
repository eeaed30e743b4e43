#ifndef VG_KERNELS_H
#define VG_KERNELS_H

// Pixel kernels in C because Swift cannot ask for the SIMD instructions they
// need (SSE2 pmaddwd: 16-bit multiplies summed in pairs). Every kernel does
// exact integer arithmetic, so its SIMD and scalar paths give identical bytes.

#include <stddef.h>
#include <stdint.h>

/// One axis of fixed-point filter taps: for output sample i, `counts[i]`
/// weights from `weights + i * stride` apply to source samples from
/// `starts[i]` on. Weights are scaled by 2^precision_bits and fit in 16 bits;
/// the slots after a sample's `counts[i]` weights, up to `stride`, are zero.
typedef struct {
    const int32_t *starts;
    const int32_t *counts;
    const int16_t *weights;
    int32_t stride;
    int32_t precision_bits;
} vg_resample_axis;

/// Vertical pass over 8-bit samples: output row y (of `rows`) is the weighted
/// sum of source rows `axis.starts[y] …`, each `span` bytes, the first at
/// `source`, `source_stride` bytes apart. Sums are rounded, shifted and
/// clamped to 0…255. With `clamp_to_alpha`, every RGBA pixel's colour is
/// then clamped to its alpha (valid premultiplied data).
void vg_resample_vertical(const uint8_t *source, size_t source_stride, size_t span,
                          vg_resample_axis axis, int32_t rows,
                          uint8_t *destination, size_t destination_stride, int clamp_to_alpha);

/// Horizontal pass over RGBA8 rows: output pixel x of each of `rows` rows is
/// the weighted sum of source pixels `axis.starts[x] …` of the same row.
/// `source` points at source pixel 0 of row 0. Colours are clamped to alpha.
void vg_resample_horizontal(const uint8_t *source, size_t source_stride,
                            vg_resample_axis axis, int32_t columns, int32_t rows,
                            uint8_t *destination, size_t destination_stride);

/// Averages `block_width × block_height` blocks of RGBA8 pixels (smaller
/// blocks at the right and bottom edges), rounding to nearest: the integer
/// pre-reduction before an extreme downscale, so filter tables stay small.
/// The destination holds ceil(width / block_width) × ceil(height / block_height) pixels.
/// Averages of premultiplied pixels stay premultiplied.
void vg_box_reduce(const uint8_t *source, size_t source_stride, int32_t width, int32_t height,
                   int32_t block_width, int32_t block_height,
                   uint8_t *destination, size_t destination_stride);

/// Reverses the PNG Paeth filter of one row: `width` pixels of `channels`
/// (3 or 4) filtered bytes from `src`, written as RGBA8 to `dst` (alpha 255
/// for 3 channels); `up` is the previous output row (RGBA8; zeros on the
/// first row). SSE2 does the four channels of a pixel at once.
void vg_png_unfilter_paeth(const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width, int channels);
/// The same with the SIMD path on (1) or off (0): tests prove them identical.
void vg_png_unfilter_paeth_path(const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width, int channels,
                                int simd);

/// The same passes on a chosen path: `simd` 0 is the portable scalar code,
/// 1 SSE2, 2 AVX2 where the processor has it (else SSE2) — what the plain
/// functions use. Tests prove every path gives identical bytes.
void vg_resample_vertical_path(const uint8_t *source, size_t source_stride, size_t span,
                               vg_resample_axis axis, int32_t rows,
                               uint8_t *destination, size_t destination_stride, int clamp_to_alpha, int simd);
void vg_resample_horizontal_path(const uint8_t *source, size_t source_stride,
                                 vg_resample_axis axis, int32_t columns, int32_t rows,
                                 uint8_t *destination, size_t destination_stride, int simd);

#endif
