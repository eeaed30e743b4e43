#include "CKernels.h"
#include "cpu_private.h"
#include "resample_private.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline uint8_t clamp_byte(int32_t v) { return v < 0 ? 0 : (v > 255 ? 255 : (uint8_t)v); }

static inline void clamp_pixel_to_alpha(uint8_t *p) {
    uint8_t a = p[3];
    if (p[0] > a) p[0] = a;
    if (p[1] > a) p[1] = a;
    if (p[2] > a) p[2] = a;
}

// Scalar reference for bytes [from, span) of one vertical output row.
static void vertical_row_scalar(const uint8_t *first_row, size_t stride, size_t from, size_t span,
                                int32_t count, const int16_t *w, int32_t bits, uint8_t *out) {
    const int32_t half = 1 << (bits - 1);
    for (size_t k = from; k < span; k++) {
        int32_t acc = half;
        const uint8_t *p = first_row + k;
        for (int32_t t = 0; t < count; t++) acc += (int32_t)p[(size_t)t * stride] * w[t];
        out[k] = clamp_byte(acc >> bits);
    }
}

#if defined(__SSE2__)
// Two 16-bit weights in each 32-bit lane, for pmaddwd over interleaved rows or pixels.
static inline __m128i weight_pair(int16_t first, int16_t second) {
    return _mm_set1_epi32((int32_t)(((uint32_t)(uint16_t)second << 16) | (uint16_t)first));
}

// Every pixel's colour bytes clamped to its alpha byte (4 RGBA pixels).
static inline __m128i clamp_to_alpha_sse2(__m128i v) {
    __m128i a = _mm_srli_epi32(v, 24);
    a = _mm_or_si128(a, _mm_slli_epi32(a, 8));
    a = _mm_or_si128(a, _mm_slli_epi32(a, 16));
    return _mm_min_epu8(v, a);
}

// 16 bytes of one vertical output row: taps two at a time, rows interleaved
// byte by byte so pmaddwd multiplies and sums both taps in one instruction.
static inline __m128i vertical_block_sse2(const uint8_t *p, size_t stride, int32_t count, const int16_t *w,
                                          int32_t bits) {
    const __m128i zero = _mm_setzero_si128();
    __m128i a0 = _mm_set1_epi32(1 << (bits - 1)), a1 = a0, a2 = a0, a3 = a0;
    for (int32_t t = 0; t < count; t += 2) {
        __m128i r0 = _mm_loadu_si128((const __m128i *)(p + (size_t)t * stride));
        __m128i r1 = zero;
        int16_t w1 = 0;
        if (t + 1 < count) {
            r1 = _mm_loadu_si128((const __m128i *)(p + (size_t)(t + 1) * stride));
            w1 = w[t + 1];
        }
        __m128i pair = weight_pair(w[t], w1);
        __m128i lo = _mm_unpacklo_epi8(r0, r1), hi = _mm_unpackhi_epi8(r0, r1);
        a0 = _mm_add_epi32(a0, _mm_madd_epi16(_mm_unpacklo_epi8(lo, zero), pair));
        a1 = _mm_add_epi32(a1, _mm_madd_epi16(_mm_unpackhi_epi8(lo, zero), pair));
        a2 = _mm_add_epi32(a2, _mm_madd_epi16(_mm_unpacklo_epi8(hi, zero), pair));
        a3 = _mm_add_epi32(a3, _mm_madd_epi16(_mm_unpackhi_epi8(hi, zero), pair));
    }
    __m128i words_lo = _mm_packs_epi32(_mm_srai_epi32(a0, bits), _mm_srai_epi32(a1, bits));
    __m128i words_hi = _mm_packs_epi32(_mm_srai_epi32(a2, bits), _mm_srai_epi32(a3, bits));
    return _mm_packus_epi16(words_lo, words_hi);
}
#endif

#if defined(VG_HAVE_AVX2_KERNELS)
// Whether the processor runs the AVX2 kernels (decided once at load time).
static inline int avx2_available(void) { return vg_cpu_has_avx2(); }
#endif

void vg_resample_vertical_path(const uint8_t *source, size_t source_stride, size_t span,
                               vg_resample_axis axis, int32_t rows,
                               uint8_t *destination, size_t destination_stride, int clamp_to_alpha, int simd) {
    for (int32_t y = 0; y < rows; y++) {
        const uint8_t *first_row = source + (size_t)axis.starts[y] * source_stride;
        const int16_t *w = axis.weights + (size_t)y * (size_t)axis.stride;
        uint8_t *out = destination + (size_t)y * destination_stride;
        size_t k = 0;
#if defined(VG_HAVE_AVX2_KERNELS)
        if (simd >= 2 && avx2_available())
            k = vg_vertical_row_avx2(first_row, source_stride, span, axis.counts[y], w, axis.precision_bits,
                                  clamp_to_alpha, out);
#endif
#if defined(__SSE2__)
        for (; simd && k + 16 <= span; k += 16) {
            __m128i block = vertical_block_sse2(first_row + k, source_stride, axis.counts[y], w, axis.precision_bits);
            if (clamp_to_alpha) block = clamp_to_alpha_sse2(block);
            _mm_storeu_si128((__m128i *)(out + k), block);
        }
#endif
        vertical_row_scalar(first_row, source_stride, k, span, axis.counts[y], w, axis.precision_bits, out);
        if (clamp_to_alpha) {
            for (; k + 4 <= span; k += 4) clamp_pixel_to_alpha(out + k);
        }
    }
}

// One horizontal output pixel, scalar.
static inline void horizontal_pixel_scalar(const uint8_t *p, int32_t count, const int16_t *w, int32_t bits,
                                           uint8_t *out) {
    const int32_t half = 1 << (bits - 1);
    int32_t r = half, g = half, b = half, a = half;
    for (int32_t t = 0; t < count; t++, p += 4) {
        r += (int32_t)p[0] * w[t];
        g += (int32_t)p[1] * w[t];
        b += (int32_t)p[2] * w[t];
        a += (int32_t)p[3] * w[t];
    }
    out[0] = clamp_byte(r >> bits);
    out[1] = clamp_byte(g >> bits);
    out[2] = clamp_byte(b >> bits);
    out[3] = clamp_byte(a >> bits);
    clamp_pixel_to_alpha(out);
}

#if defined(__SSE2__)
// Two RGBA pixels (as 16-bit lanes r0 g0 b0 a0 r1 g1 b1 a1) reordered to
// r0 r1 g0 g1 b0 b1 a0 a1, so pmaddwd sums each channel over both taps.
static inline __m128i interleave_pixels(__m128i words) {
    return _mm_unpacklo_epi16(words, _mm_srli_si128(words, 8));
}

static inline void horizontal_pixel_sse2(const uint8_t *p, int32_t count, const int16_t *w, int32_t bits,
                                         uint8_t *out) {
    const __m128i zero = _mm_setzero_si128();
    __m128i sum = _mm_set1_epi32(1 << (bits - 1));
    int32_t t = 0;
    for (; t + 4 <= count; t += 4) {
        __m128i px = _mm_loadu_si128((const __m128i *)(p + (size_t)t * 4));
        // Four weights in one load; each 32-bit lane pair (w0|w1, w2|w3) broadcast.
        __m128i weights = _mm_loadl_epi64((const __m128i *)(w + t));
        __m128i p01 = interleave_pixels(_mm_unpacklo_epi8(px, zero));
        __m128i p23 = interleave_pixels(_mm_unpackhi_epi8(px, zero));
        sum = _mm_add_epi32(sum, _mm_madd_epi16(p01, _mm_shuffle_epi32(weights, 0x00)));
        sum = _mm_add_epi32(sum, _mm_madd_epi16(p23, _mm_shuffle_epi32(weights, 0x55)));
    }
    for (; t + 2 <= count; t += 2) {
        __m128i px = _mm_loadl_epi64((const __m128i *)(p + (size_t)t * 4));
        int32_t pair;
        memcpy(&pair, w + t, 4);
        sum = _mm_add_epi32(sum, _mm_madd_epi16(interleave_pixels(_mm_unpacklo_epi8(px, zero)),
                                                _mm_set1_epi32(pair)));
    }
    if (t < count) {
        int32_t last;
        memcpy(&last, p + (size_t)t * 4, 4);
        __m128i words = _mm_unpacklo_epi8(_mm_cvtsi32_si128(last), zero);
        sum = _mm_add_epi32(sum, _mm_madd_epi16(_mm_unpacklo_epi16(words, zero), weight_pair(w[t], 0)));
    }
    __m128i words = _mm_packs_epi32(_mm_srai_epi32(sum, bits), zero);
    int32_t pixel = _mm_cvtsi128_si32(clamp_to_alpha_sse2(_mm_packus_epi16(words, zero)));
    memcpy(out, &pixel, 4);
}
#endif

// One horizontal output pixel on the chosen path (1 SSE2, 0 scalar).
static inline void horizontal_pixel(const uint8_t *row, vg_resample_axis axis, int32_t x, int simd, uint8_t *out) {
    const uint8_t *p = row + (size_t)axis.starts[x] * 4;
    const int16_t *w = axis.weights + (size_t)x * (size_t)axis.stride;
#if defined(__SSE2__)
    if (simd) {
        horizontal_pixel_sse2(p, axis.counts[x], w, axis.precision_bits, out + (size_t)x * 4);
        return;
    }
#endif
    horizontal_pixel_scalar(p, axis.counts[x], w, axis.precision_bits, out + (size_t)x * 4);
}

void vg_resample_horizontal_path(const uint8_t *source, size_t source_stride,
                                 vg_resample_axis axis, int32_t columns, int32_t rows,
                                 uint8_t *destination, size_t destination_stride, int simd) {
#if defined(VG_HAVE_AVX2_KERNELS)
    const int pairs = simd >= 2 && avx2_available();
#else
    const int pairs = 0;
#endif
    // The furthest source pixel any output reads: a pair may run a few taps
    // past one pixel's own count (their weights are zero) as long as it
    // stays within what the axis reads anyway.
    int64_t extent = 0;
    for (int32_t x = 0; pairs && x < columns; x++) {
        int64_t end = (int64_t)axis.starts[x] + axis.counts[x];
        if (end > extent) extent = end;
    }
    // Two rows at a time where AVX2 runs: each pair's weights serve both.
    for (int32_t y = 0; y < rows;) {
        const int32_t both = pairs && y + 1 < rows ? 2 : 1;
        const uint8_t *row = source + (size_t)y * source_stride;
        uint8_t *out = destination + (size_t)y * destination_stride;
        int32_t x = 0;
        while (x < columns) {
#if defined(VG_HAVE_AVX2_KERNELS)
            // Neighbours' tap counts differ by one now and then: the pair runs
            // the larger count, the other pixel's extra tap weighing zero
            // (weights past a pixel's count are zero up to the stride).
            int32_t taps = x + 1 < columns && axis.counts[x + 1] > axis.counts[x] ? axis.counts[x + 1] : axis.counts[x];
            if (pairs && x + 1 < columns && (int64_t)axis.starts[x + 1] + taps <= extent
                && (int64_t)axis.starts[x] + taps <= extent && taps <= axis.stride) {
                const int16_t *w = axis.weights + (size_t)x * (size_t)axis.stride;
                const uint8_t *p0 = row + (size_t)axis.starts[x] * 4, *p1 = row + (size_t)axis.starts[x + 1] * 4;
                if (both == 2)
                    vg_horizontal_pair_two_rows_avx2(p0, p1, source_stride, taps, w, w + axis.stride,
                                                  axis.precision_bits, out + (size_t)x * 4, destination_stride);
                else
                    vg_horizontal_pair_avx2(p0, p1, taps, w, w + axis.stride, axis.precision_bits, out + (size_t)x * 4);
                x += 2;
                continue;
            }
#endif
            for (int32_t r = 0; r < both; r++)
                horizontal_pixel(row + (size_t)r * source_stride, axis, x, simd, out + (size_t)r * destination_stride);
            x += 1;
        }
        y += both;
    }
    (void)pairs;
}

void vg_resample_vertical(const uint8_t *source, size_t source_stride, size_t span,
                          vg_resample_axis axis, int32_t rows,
                          uint8_t *destination, size_t destination_stride, int clamp_to_alpha) {
    vg_resample_vertical_path(source, source_stride, span, axis, rows, destination, destination_stride,
                              clamp_to_alpha, 2);
}

void vg_resample_horizontal(const uint8_t *source, size_t source_stride,
                            vg_resample_axis axis, int32_t columns, int32_t rows,
                            uint8_t *destination, size_t destination_stride) {
    vg_resample_horizontal_path(source, source_stride, axis, columns, rows, destination, destination_stride, 2);
}
