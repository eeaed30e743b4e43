// The AVX2 resampling kernels, compiled for AVX2 function by function and
// called only when the processor has it (resample.c decides). Each does
// exactly the integer arithmetic of the scalar and SSE2 code.
#include "resample_private.h"

#if defined(VG_HAVE_AVX2_KERNELS)
#include <immintrin.h>
#include <string.h>

__attribute__((target("avx2")))
static inline __m256i clamp_to_alpha_avx2(__m256i v) {
    __m256i a = _mm256_srli_epi32(v, 24);
    a = _mm256_or_si256(a, _mm256_slli_epi32(a, 8));
    a = _mm256_or_si256(a, _mm256_slli_epi32(a, 16));
    return _mm256_min_epu8(v, a);
}

// 32 bytes of one vertical output row: the SSE2 block's steps in both
// 128-bit lanes at once (every instruction here works lane by lane).
__attribute__((target("avx2")))
static inline __m256i vertical_block_avx2(const uint8_t *p, size_t stride, int32_t count, const int16_t *w,
                                          int32_t bits) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i a0 = _mm256_set1_epi32(1 << (bits - 1)), a1 = a0, a2 = a0, a3 = a0;
    for (int32_t t = 0; t < count; t += 2) {
        __m256i r0 = _mm256_loadu_si256((const __m256i *)(p + (size_t)t * stride));
        __m256i r1 = zero;
        int16_t w1 = 0;
        if (t + 1 < count) {
            r1 = _mm256_loadu_si256((const __m256i *)(p + (size_t)(t + 1) * stride));
            w1 = w[t + 1];
        }
        __m256i pair = _mm256_set1_epi32((int32_t)(((uint32_t)(uint16_t)w1 << 16) | (uint16_t)w[t]));
        __m256i lo = _mm256_unpacklo_epi8(r0, r1), hi = _mm256_unpackhi_epi8(r0, r1);
        a0 = _mm256_add_epi32(a0, _mm256_madd_epi16(_mm256_unpacklo_epi8(lo, zero), pair));
        a1 = _mm256_add_epi32(a1, _mm256_madd_epi16(_mm256_unpackhi_epi8(lo, zero), pair));
        a2 = _mm256_add_epi32(a2, _mm256_madd_epi16(_mm256_unpacklo_epi8(hi, zero), pair));
        a3 = _mm256_add_epi32(a3, _mm256_madd_epi16(_mm256_unpackhi_epi8(hi, zero), pair));
    }
    __m256i words_lo = _mm256_packs_epi32(_mm256_srai_epi32(a0, bits), _mm256_srai_epi32(a1, bits));
    __m256i words_hi = _mm256_packs_epi32(_mm256_srai_epi32(a2, bits), _mm256_srai_epi32(a3, bits));
    return _mm256_packus_epi16(words_lo, words_hi);
}

// The 32-byte blocks of one vertical output row; returns how many bytes it did.
__attribute__((target("avx2")))
size_t vg_vertical_row_avx2(const uint8_t *first_row, size_t stride, size_t span, int32_t count,
                                const int16_t *w, int32_t bits, int clamp_to_alpha, uint8_t *out) {
    size_t k = 0;
    for (; k + 32 <= span; k += 32) {
        __m256i block = vertical_block_avx2(first_row + k, stride, count, w, bits);
        if (clamp_to_alpha) block = clamp_to_alpha_avx2(block);
        _mm256_storeu_si256((__m256i *)(out + k), block);
    }
    return k;
}

// Two 128-bit halves as one register: `low` in lane 0, `high` in lane 1.
__attribute__((target("avx2")))
static inline __m256i lanes(__m128i low, __m128i high) {
    return _mm256_inserti128_si256(_mm256_castsi128_si256(low), high, 1);
}

// Two neighbouring output pixels with the same tap count, one per 128-bit
// lane, each lane doing exactly what `horizontal_pixel_sse2` does, in `rows`
// (1 or 2, a constant where it is inlined) rows `stride` bytes apart: the
// weights are loaded and shuffled once for both rows.
__attribute__((target("avx2"), always_inline))
static inline void horizontal_pair_rows_avx2(const uint8_t *p0, const uint8_t *p1, size_t stride, int rows,
                                             int32_t count, const int16_t *w0, const int16_t *w1, int32_t bits,
                                             uint8_t *out, size_t out_stride) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i sum[2] = {_mm256_set1_epi32(1 << (bits - 1)), _mm256_set1_epi32(1 << (bits - 1))};
    int32_t t = 0;
    // Bytes r0 g0 b0 a0 r1 g1 b1 a1 … reordered to r0 r1 g0 g1 b0 b1 a0 a1 …
    // in one shuffle, so widening to words leaves tap pairs side by side.
    const __m256i pairs = _mm256_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15,
                                           0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
    for (; t + 4 <= count; t += 4) {
        __m256i weights = lanes(_mm_loadl_epi64((const __m128i *)(w0 + t)), _mm_loadl_epi64((const __m128i *)(w1 + t)));
        __m256i first = _mm256_shuffle_epi32(weights, 0x00), second = _mm256_shuffle_epi32(weights, 0x55);
        for (int r = 0; r < rows; r++) {
            size_t at = (size_t)r * stride + (size_t)t * 4;
            __m256i px = lanes(_mm_loadu_si128((const __m128i *)(p0 + at)), _mm_loadu_si128((const __m128i *)(p1 + at)));
            px = _mm256_shuffle_epi8(px, pairs);
            sum[r] = _mm256_add_epi32(sum[r], _mm256_madd_epi16(_mm256_unpacklo_epi8(px, zero), first));
            sum[r] = _mm256_add_epi32(sum[r], _mm256_madd_epi16(_mm256_unpackhi_epi8(px, zero), second));
        }
    }
    for (; t + 2 <= count; t += 2) {
        int32_t pair0, pair1;
        memcpy(&pair0, w0 + t, 4);
        memcpy(&pair1, w1 + t, 4);
        __m256i weights = lanes(_mm_set1_epi32(pair0), _mm_set1_epi32(pair1));
        for (int r = 0; r < rows; r++) {
            size_t at = (size_t)r * stride + (size_t)t * 4;
            __m256i px = lanes(_mm_loadl_epi64((const __m128i *)(p0 + at)), _mm_loadl_epi64((const __m128i *)(p1 + at)));
            px = _mm256_shuffle_epi8(px, pairs);
            sum[r] = _mm256_add_epi32(sum[r], _mm256_madd_epi16(_mm256_unpacklo_epi8(px, zero), weights));
        }
    }
    if (t < count) {
        __m256i weights = lanes(_mm_set1_epi32((uint16_t)w0[t]), _mm_set1_epi32((uint16_t)w1[t]));
        for (int r = 0; r < rows; r++) {
            size_t at = (size_t)r * stride + (size_t)t * 4;
            int32_t last0, last1;
            memcpy(&last0, p0 + at, 4);
            memcpy(&last1, p1 + at, 4);
            __m256i words = _mm256_unpacklo_epi8(lanes(_mm_cvtsi32_si128(last0), _mm_cvtsi32_si128(last1)), zero);
            sum[r] = _mm256_add_epi32(sum[r], _mm256_madd_epi16(_mm256_unpacklo_epi16(words, zero), weights));
        }
    }
    for (int r = 0; r < rows; r++) {
        __m256i words = _mm256_packs_epi32(_mm256_srai_epi32(sum[r], bits), zero);
        __m256i bytes = clamp_to_alpha_avx2(_mm256_packus_epi16(words, zero));
        int32_t left = _mm_cvtsi128_si32(_mm256_castsi256_si128(bytes));
        int32_t right = _mm_cvtsi128_si32(_mm256_extracti128_si256(bytes, 1));
        memcpy(out + (size_t)r * out_stride, &left, 4);
        memcpy(out + (size_t)r * out_stride + 4, &right, 4);
    }
}

// One row's pair, and two rows' pairs, as separate functions for the loop below.
__attribute__((target("avx2")))
void vg_horizontal_pair_avx2(const uint8_t *p0, const uint8_t *p1, int32_t count, const int16_t *w0,
                                 const int16_t *w1, int32_t bits, uint8_t *out) {
    horizontal_pair_rows_avx2(p0, p1, 0, 1, count, w0, w1, bits, out, 0);
}

__attribute__((target("avx2")))
void vg_horizontal_pair_two_rows_avx2(const uint8_t *p0, const uint8_t *p1, size_t stride, int32_t count,
                                          const int16_t *w0, const int16_t *w1, int32_t bits, uint8_t *out,
                                          size_t out_stride) {
    horizontal_pair_rows_avx2(p0, p1, stride, 2, count, w0, w1, bits, out, out_stride);
}

#endif
