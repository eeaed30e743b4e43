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

/// `vg_box_reduce` with square `block × block` blocks, identical bytes, a
/// row at a time: `column_sums` is scratch for `width * 4` 32-bit sums
/// (`block * 255` must fit). The smart-crop measure's reduction.
void vg_box_reduce_rows(const uint8_t *source, size_t source_stride, int32_t width, int32_t height,
                        int32_t block, uint32_t *column_sums,
                        uint8_t *destination, size_t destination_stride);

/// The ways the PNG unfilter kernels can run. All give identical bytes.
enum {
    /// Portable C, one byte at a time: the reference.
    VG_UNFILTER_SCALAR = 0,
    /// SSE2 (every x86-64): the channels of a pixel in one register.
    VG_UNFILTER_SSE2 = 1,
    /// The same compiled for AVX2 (three-operand forms, byte shuffles, 32-byte Up).
    VG_UNFILTER_AVX2 = 2,
};

/// The fastest path this processor and build have, decided once. The
/// environment variable VIGNETTE_UNFILTER=scalar|sse2|avx2 asks for a slower
/// one (never a faster one than the processor has).
int vg_png_unfilter_default_path(void);

/// 1 when `path` can run here (SSE2 on x86-64 builds, AVX2 when the processor has it).
int vg_png_unfilter_path_available(int path);

/// Reverses the PNG filter `filter` (0 none … 4 Paeth) of one row of `width`
/// pixels. `src` holds `src_bpp` bytes per pixel; the result goes to `dst`
/// with `dst_bpp` bytes per pixel: either equal (1 … 8), or 3 → 4 (RGB
/// expanded to RGBA, alpha 255). `up` is the previous *output* row (layout
/// of `dst`), or NULL on the first row. `src` may be `dst` (same layout), or
/// lie ahead of it in one buffer as `vg_png_unfilter_rgba` arranges.
/// Returns 0, or -1 for an unknown filter or layout. `path` is a VG_UNFILTER_*
/// value; one the processor lacks falls back to a slower one.
int vg_png_unfilter_row(int filter, const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width,
                        int src_bpp, int dst_bpp, int path);

/// Unfilters a whole non-interlaced 8-bit RGB (`channels` 3) or RGBA (4)
/// image: `height` rows of one filter byte then `width * channels` bytes,
/// from `raw`, written to `out` as RGBA8 (`width * 4` bytes a row). `raw` may
/// lie inside `out`: for RGB ending where the output ends, for RGBA starting
/// where it starts (every output byte then lands on data already read).
/// Returns 0, or -1 at the first row with a filter byte above 4.
int vg_png_unfilter_rgba(const uint8_t *raw, uint8_t *out, size_t width, size_t height, int channels, int path);

/// The same passes on a chosen path: `simd` 0 is the portable scalar code,
/// 1 SSE2, 2 AVX2 where the processor has it (else SSE2) — what the plain
/// functions use. Tests prove every path gives identical bytes.
void vg_resample_vertical_path(const uint8_t *source, size_t source_stride, size_t span,
                               vg_resample_axis axis, int32_t rows,
                               uint8_t *destination, size_t destination_stride, int clamp_to_alpha, int simd);
void vg_resample_horizontal_path(const uint8_t *source, size_t source_stride,
                                 vg_resample_axis axis, int32_t columns, int32_t rows,
                                 uint8_t *destination, size_t destination_stride, int simd);

/// Averages `factor × factor` blocks of RGBA8 pixels of the image extended
/// beyond its edges by repeating them, rounding to nearest. Block (bx, by)
/// covers source pixels from (bx × factor − margin × factor, by × factor −
/// margin × factor): the destination is (ceil(width / factor) + 2 × margin) ×
/// (ceil(height / factor) + 2 × margin) pixels, the first and last `margin`
/// of them on each axis made of the extended edge.
void vg_box_reduce_extended(const uint8_t *source, size_t source_stride, int32_t width, int32_t height,
                            int32_t factor, int32_t margin, uint8_t *destination, size_t destination_stride);

/// Rec. 709 luma weights scaled by 2^16 (0.2126, 0.7152, 0.0722), summing to exactly 2^16.
enum { VG_LUMA_RED = 13933, VG_LUMA_GREEN = 46871, VG_LUMA_BLUE = 4732 };

/// Replaces the colour of `count` premultiplied RGBA8 pixels by its Rec. 709
/// luma, `(13933 r + 46871 g + 4732 b + 2^15) >> 16`, in all three channels;
/// alpha is kept (the luma of premultiplied colour never exceeds alpha).
void vg_grayscale_rgba(uint8_t *pixels, size_t count);

/// Unsharp mask of `count` premultiplied RGBA8 pixels given their blurred
/// copy: colour c becomes c + floor((amount × (c − blurred) + 128) / 256),
/// clamped to 0…alpha; alpha is kept. `amount` is in 1/256 (256 adds 100 %
/// of the detail), 0…2560.
void vg_unsharp_rgba(uint8_t *pixels, const uint8_t *blurred, size_t count, int32_t amount);

#endif
