// The SIMD row unfilter, included by unfilter_sse2.c and unfilter_avx2.c:
// the same source compiled twice, the second time for AVX2 (VEX encoding,
// SSSE3 byte shuffles, 32-byte Up). VG_SIMD_NAME names the entry point;
// VG_SIMD_AVX2 is defined for the AVX2 build.
//
// Layouts with a kernel: (src bpp, dst bpp) = (3,3), (3,4), (4,4), (6,6),
// (8,8); for Up and None every equal pair. A pixel is loaded whole before
// it is stored, so `src` may be `dst` or lie ahead of it (see unfilter.c).
// Loads never pass the end of a row.

#include <emmintrin.h>
#include <string.h>
#if defined(VG_SIMD_AVX2)
#include <immintrin.h>
#endif

#define VG_INLINE static inline __attribute__((always_inline))

// `n` (3, 4, 6 or 8) bytes into the low lanes. With `ahead`, the bytes after
// the pixel up to the next 4 or 8 may be read too (they are in the row).
VG_INLINE __m128i load_pixel(const uint8_t *p, int n, int ahead) {
    if (n == 4 || (n == 3 && ahead)) {
        uint32_t v;
        memcpy(&v, p, 4);
        return _mm_cvtsi32_si128((int)v);
    }
    if (n == 3) return _mm_cvtsi32_si128((int)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16));
    if (n == 8 || (n == 6 && ahead)) return _mm_loadl_epi64((const __m128i *)(const void *)p);
    uint32_t lo;
    uint16_t hi;
    memcpy(&lo, p, 4);
    memcpy(&hi, p + 4, 2);
    return _mm_cvtsi64_si128((long long)((uint64_t)hi << 32 | lo));
}

VG_INLINE void store_pixel(uint8_t *p, __m128i v, int n) {
    if (n == 4) {
        uint32_t w = (uint32_t)_mm_cvtsi128_si32(v);
        memcpy(p, &w, 4);
    } else if (n == 8) {
        _mm_storel_epi64((__m128i *)(void *)p, v);
    } else if (n == 3) {
        uint32_t w = (uint32_t)_mm_cvtsi128_si32(v);
        uint16_t lo = (uint16_t)w;
        memcpy(p, &lo, 2);
        p[2] = (uint8_t)(w >> 16);
    } else {
        uint64_t w = (uint64_t)_mm_cvtsi128_si64(v);
        uint32_t lo = (uint32_t)w;
        uint16_t hi = (uint16_t)(w >> 32);
        memcpy(p, &lo, 4);
        memcpy(p + 4, &hi, 2);
    }
}

// Every pixel but the last of its row may read ahead.
#define VG_AHEAD(x, width) ((x) + 1 < (width))

VG_INLINE __m128i alpha_fill(int sb, int db) { return db > sb ? _mm_set1_epi32((int)0xFF000000u) : _mm_setzero_si128(); }

// Up on equal layouts: no chain, any bpp.
VG_INLINE void up_bytes(const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t n) {
    size_t i = 0;
#if defined(VG_SIMD_AVX2)
    for (; i + 32 <= n; i += 32) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(const void *)(src + i));
        __m256i u = _mm256_loadu_si256((const __m256i *)(const void *)(up + i));
        _mm256_storeu_si256((__m256i *)(void *)(dst + i), _mm256_add_epi8(s, u));
    }
#endif
    for (; i + 16 <= n; i += 16) {
        __m128i s = _mm_loadu_si128((const __m128i *)(const void *)(src + i));
        __m128i u = _mm_loadu_si128((const __m128i *)(const void *)(up + i));
        _mm_storeu_si128((__m128i *)(void *)(dst + i), _mm_add_epi8(s, u));
    }
    for (; i < n; i++) dst[i] = (uint8_t)(src[i] + up[i]);
}

// None and Up from RGB to RGBA (`up` NULL for None).
VG_INLINE void expand_rgb(const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width) {
    const __m128i alpha = _mm_set1_epi32((int)0xFF000000u);
    size_t x = 0;
#if defined(VG_SIMD_AVX2)
    // Four pixels a shuffle; the 16-byte load needs 4 bytes of the next pixels.
    const __m128i spread = _mm_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1);
    for (; (x + 4) * 3 + 4 <= width * 3; x += 4) {
        __m128i s = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(src + x * 3)), spread);
        if (up) s = _mm_add_epi8(s, _mm_loadu_si128((const __m128i *)(const void *)(up + x * 4)));
        _mm_storeu_si128((__m128i *)(void *)(dst + x * 4), _mm_or_si128(s, alpha));
    }
#else
    // Four pixels a store, gathered with 4-byte loads (SSE2 has no byte shuffle).
    for (; (x + 4) * 3 + 1 <= width * 3; x += 4) {
        const uint8_t *p = src + x * 3;
        __m128i s = _mm_unpacklo_epi64(_mm_unpacklo_epi32(load_pixel(p, 3, 1), load_pixel(p + 3, 3, 1)),
                                       _mm_unpacklo_epi32(load_pixel(p + 6, 3, 1), load_pixel(p + 9, 3, 1)));
        if (up) s = _mm_add_epi8(s, _mm_loadu_si128((const __m128i *)(const void *)(up + x * 4)));
        _mm_storeu_si128((__m128i *)(void *)(dst + x * 4), _mm_or_si128(s, alpha));
    }
#endif
    for (; x < width; x++) {
        __m128i s = load_pixel(src + x * 3, 3, VG_AHEAD(x, width));
        if (up) s = _mm_add_epi8(s, load_pixel(up + x * 4, 4, 0));
        store_pixel(dst + x * 4, _mm_or_si128(s, alpha), 4);
    }
}

VG_INLINE void sub_row(const uint8_t *src, uint8_t *dst, size_t width, int sb, int db) {
    const __m128i alpha = alpha_fill(sb, db);
    __m128i a = _mm_setzero_si128();
    for (size_t x = 0; x < width; x++) {
        a = _mm_add_epi8(a, load_pixel(src + x * (size_t)sb, sb, VG_AHEAD(x, width)));
        store_pixel(dst + x * (size_t)db, _mm_or_si128(a, alpha), db);
    }
}

// Average in 16-bit lanes: (a + b) >> 1 is exact there, and the chain
// through a is three operations (add, shift, byte add). Two pixels a round
// where the output rows are RGBA.
VG_INLINE void average_row(const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width, int sb, int db) {
    const __m128i zero = _mm_setzero_si128(), alpha = alpha_fill(sb, db);
    __m128i a = zero, b = zero;
    size_t x = 0;
    if (db == 4 && up) {
        for (; (x + 2) * (size_t)sb + 1 <= width * (size_t)sb; x += 2) {
            __m128i bb = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(const void *)(up + x * 4)), zero);
            __m128i s = sb == 4 ? _mm_loadl_epi64((const __m128i *)(const void *)(src + x * 4))
                                : _mm_unpacklo_epi32(load_pixel(src + x * 3, 3, 1), load_pixel(src + x * 3 + 3, 3, 1));
            s = _mm_unpacklo_epi8(s, zero);
            // With every high byte 0, a byte add is the sum modulo 256 in each lane.
            __m128i first = _mm_add_epi8(s, _mm_srli_epi16(_mm_add_epi16(a, bb), 1));
            a = _mm_add_epi8(_mm_unpackhi_epi64(s, s), _mm_srli_epi16(_mm_add_epi16(first, _mm_unpackhi_epi64(bb, bb)), 1));
            __m128i pair = _mm_packus_epi16(_mm_unpacklo_epi64(first, a), zero);
            _mm_storel_epi64((__m128i *)(void *)(dst + x * 4), _mm_or_si128(pair, alpha));
        }
    }
    for (; x < width; x++) {
        if (up) b = _mm_unpacklo_epi8(load_pixel(up + x * (size_t)db, db, VG_AHEAD(x, width)), zero);
        __m128i s = _mm_unpacklo_epi8(load_pixel(src + x * (size_t)sb, sb, VG_AHEAD(x, width)), zero);
        a = _mm_add_epi8(s, _mm_srli_epi16(_mm_add_epi16(a, b), 1));
        store_pixel(dst + x * (size_t)db, _mm_or_si128(_mm_packus_epi16(a, a), alpha), db);
    }
}

// Paeth in 16-bit lanes. The predictor is a when |b−c| ≤ |a−c| and
// |b−c| ≤ |a+b−2c|; solved for a, that is a outside the open interval
// (lo, hi) between b and q = 3c − 2b. Inside it, the end nearer to a wins:
// min(b, c) up to the middle `thr`, max(b, c) above it (ties to b). So only
// three compares and a select remain on the serial chain through a; the
// rest depends on b, c and the stored bytes and is computed off it
// (`paeth_plan`), for two pixels at once where the output rows are RGBA.
// (Measured: keeping the plans in registers beats staging a chunk of plans
// in memory, and selecting among three precomputed sums.)
typedef struct {
    __m128i lo, hi, thr, low_end, ends, s;
} paeth_plan;

// s: the stored bytes; b, c: above and above-left. 16-bit lanes, high bytes 0.
VG_INLINE paeth_plan paeth_prepare(__m128i s, __m128i b, __m128i c) {
    paeth_plan p;
    __m128i cb = _mm_sub_epi16(c, b);
    __m128i q = _mm_add_epi16(c, _mm_add_epi16(cb, cb));
    p.lo = _mm_min_epi16(b, q);
    p.hi = _mm_max_epi16(b, q);
    // a > thr ⇔ 2a > 3c − b (c's side) where b < c, ⇔ 2a ≥ 3c − b (b's side) where b > c.
    p.thr = _mm_srai_epi16(_mm_add_epi16(_mm_add_epi16(q, b), _mm_cmpgt_epi16(b, c)), 1);
    p.low_end = _mm_min_epi16(b, c);
    p.ends = _mm_xor_si128(b, c);
    p.s = s;
    return p;
}

// The upper pixel of a two-pixel plan, moved to the low lanes.
VG_INLINE paeth_plan paeth_upper(paeth_plan p) {
    paeth_plan u = {_mm_unpackhi_epi64(p.lo, p.lo), _mm_unpackhi_epi64(p.hi, p.hi), _mm_unpackhi_epi64(p.thr, p.thr),
                    _mm_unpackhi_epi64(p.low_end, p.low_end), _mm_unpackhi_epi64(p.ends, p.ends),
                    _mm_unpackhi_epi64(p.s, p.s)};
    return u;
}

// The output from the left pixel's output `a` (16-bit lanes, high bytes 0).
VG_INLINE __m128i paeth_step(paeth_plan p, __m128i a) {
    __m128i inside = _mm_and_si128(_mm_cmpgt_epi16(p.hi, a), _mm_cmpgt_epi16(a, p.lo));
    __m128i nearer = _mm_xor_si128(p.low_end, _mm_and_si128(p.ends, _mm_cmpgt_epi16(a, p.thr)));
    __m128i prediction = _mm_xor_si128(a, _mm_and_si128(_mm_xor_si128(a, nearer), inside));
    // Every high byte is 0, so a byte add is the sum modulo 256 in each lane.
    return _mm_add_epi8(p.s, prediction);
}

VG_INLINE void paeth_row(const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width, int sb, int db) {
    const __m128i zero = _mm_setzero_si128(), alpha = alpha_fill(sb, db);
    __m128i a = zero, c = zero;
    size_t x = 0;
    if (db == 4) {
        // Two pixels a round: pixel x in the low lanes, x + 1 in the high ones.
        for (; (x + 2) * (size_t)sb + 1 <= width * (size_t)sb; x += 2) {
            __m128i b = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(const void *)(up + x * 4)), zero);
            __m128i s = sb == 4 ? _mm_loadl_epi64((const __m128i *)(const void *)(src + x * 4))
                                : _mm_unpacklo_epi32(load_pixel(src + x * 3, 3, 1), load_pixel(src + x * 3 + 3, 3, 1));
            s = _mm_unpacklo_epi8(s, zero);
            paeth_plan both = paeth_prepare(s, b, _mm_unpacklo_epi64(c, b));
            __m128i first = paeth_step(both, a);
            a = paeth_step(paeth_upper(both), first);
            __m128i pair = _mm_packus_epi16(_mm_unpacklo_epi64(first, a), zero);
            _mm_storel_epi64((__m128i *)(void *)(dst + x * 4), _mm_or_si128(pair, alpha));
            c = _mm_unpackhi_epi64(b, b);
        }
    }
    for (; x < width; x++) {
        __m128i b = _mm_unpacklo_epi8(load_pixel(up + x * (size_t)db, db, VG_AHEAD(x, width)), zero);
        __m128i s = _mm_unpacklo_epi8(load_pixel(src + x * (size_t)sb, sb, VG_AHEAD(x, width)), zero);
        a = paeth_step(paeth_prepare(s, b, c), a);
        store_pixel(dst + x * (size_t)db, _mm_or_si128(_mm_packus_epi16(a, a), alpha), db);
        c = b;
    }
}

#define VG_ROW_CASES(call)                                                   \
    if (sb == 3 && db == 4) { call(3, 4); }                                  \
    else if (sb == 4 && db == 4) { call(4, 4); }                             \
    else if (sb == 3 && db == 3) { call(3, 3); }                             \
    else if (sb == 6 && db == 6) { call(6, 6); }                             \
    else if (sb == 8 && db == 8) { call(8, 8); }                             \
    else return 1;

int VG_SIMD_NAME(int filter, const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width, int sb, int db) {
    if (filter == 2 && !up) filter = 0;                  // nothing above: Up is None
    if (filter == 4 && !up) filter = 1;                  // and Paeth always picks the left pixel
    if (filter == 0 || filter == 2) {
        if (sb == db) {
            if (filter == 0) memmove(dst, src, width * (size_t)sb);
            else up_bytes(src, dst, up, width * (size_t)sb);
        } else if (sb == 3 && db == 4) {
            expand_rgb(src, dst, filter == 2 ? up : NULL, width);
        } else {
            return 1;
        }
        return 0;
    }
#define VG_SUB(s, d) sub_row(src, dst, width, s, d)
#define VG_AVG(s, d) average_row(src, dst, up, width, s, d)
#define VG_PAETH(s, d) paeth_row(src, dst, up, width, s, d)
    if (filter == 1) { VG_ROW_CASES(VG_SUB) }
    else if (filter == 3) { VG_ROW_CASES(VG_AVG) }
    else { VG_ROW_CASES(VG_PAETH) }
#undef VG_SUB
#undef VG_AVG
#undef VG_PAETH
    return 0;
}
