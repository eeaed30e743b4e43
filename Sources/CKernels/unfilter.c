#include "CKernels.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>

static inline __m128i abs16(__m128i v) { return _mm_max_epi16(v, _mm_sub_epi16(_mm_setzero_si128(), v)); }

// The Paeth predictor for the four channels of one pixel at once (16-bit
// lanes): a when |b − c| is the least distance, else b when |a − c| is
// less than or equal to |a + b − 2c|, else c — the specification's order.
static inline __m128i paeth4(__m128i a, __m128i b, __m128i c) {
    __m128i bc = _mm_sub_epi16(b, c), ac = _mm_sub_epi16(a, c);
    __m128i pa = abs16(bc), pb = abs16(ac), pc = abs16(_mm_add_epi16(bc, ac));
    __m128i least = _mm_min_epi16(_mm_min_epi16(pa, pb), pc);
    __m128i take_a = _mm_cmpeq_epi16(pa, least);
    __m128i take_b = _mm_andnot_si128(take_a, _mm_cmpeq_epi16(pb, least));
    __m128i take_c = _mm_andnot_si128(_mm_or_si128(take_a, take_b), _mm_set1_epi16(-1));
    return _mm_or_si128(_mm_or_si128(_mm_and_si128(take_a, a), _mm_and_si128(take_b, b)), _mm_and_si128(take_c, c));
}

static void paeth_row_sse2(const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width, int channels) {
    const __m128i zero = _mm_setzero_si128(), low_byte = _mm_set1_epi16(0xFF);
    const uint32_t opaque = channels == 3 ? 0xFF000000u : 0;
    __m128i a = zero, c = zero;
    for (size_t x = 0; x < width; x++) {
        uint32_t above = 0, stored = 0;
        memcpy(&above, up + x * 4, 4);
        memcpy(&stored, src + x * (size_t)channels, (size_t)channels);
        __m128i b = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)above), zero);
        __m128i s = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)stored), zero);
        a = _mm_and_si128(_mm_add_epi16(s, paeth4(a, b, c)), low_byte);
        uint32_t pixel = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(a, zero)) | opaque;
        memcpy(dst + x * 4, &pixel, 4);
        c = b;
    }
}
#endif

static inline int paeth1(int a, int b, int c) {
    int pa = b > c ? b - c : c - b, pb = a > c ? a - c : c - a;
    int pc = a + b - 2 * c;
    if (pc < 0) pc = -pc;
    return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c);
}

static void paeth_row_scalar(const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width, int channels) {
    for (size_t x = 0; x < width; x++) {
        for (int i = 0; i < channels; i++) {
            int a = x > 0 ? dst[(x - 1) * 4 + i] : 0, c = x > 0 ? up[(x - 1) * 4 + i] : 0;
            dst[x * 4 + i] = (uint8_t)(src[x * (size_t)channels + i] + paeth1(a, up[x * 4 + i], c));
        }
        if (channels == 3) dst[x * 4 + 3] = 255;
    }
}

void vg_png_unfilter_paeth_path(const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width, int channels,
                                int simd) {
#if defined(__SSE2__)
    if (simd) {
        paeth_row_sse2(src, dst, up, width, channels);
        return;
    }
#endif
    (void)simd;
    paeth_row_scalar(src, dst, up, width, channels);
}

void vg_png_unfilter_paeth(const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width, int channels) {
    vg_png_unfilter_paeth_path(src, dst, up, width, channels, 1);
}
