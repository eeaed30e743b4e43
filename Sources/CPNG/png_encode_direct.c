// The PNG writer for 8-bit RGB and RGBA images of more than 16 KiB of rows:
// the same bytes as libpng's png_write_row path (vg_png_encode_libpng), with
// the row filters and libpng's choice among them — the smallest sum of
// |signed byte|, ties to the earlier filter — in loops the compiler
// vectorises, where libpng spends a third of a photo's encode. zlib gets
// the same stream settings and the same calls (one deflate per filtered row,
// then Z_FINISH), and the IDAT chunks the same splits, so the file is the
// same. The zlib wrapper is written here: deflate runs raw (its compressed
// bits do not depend on the wrapper) and the Adler-32 of the rows comes from
// libdeflate's vectorised one, not zlib's scalar loop. Smaller images keep
// libpng: it narrows zlib's window for them.
#include "png_private.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>
#include <zlib.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum { VG_NONE = 0, VG_SUB = 1, VG_UP = 2, VG_AVG = 3, VG_PAETH = 4 };

static int vg_put(vg_buffer *b, const void *bytes, size_t count) {
    if (count > b->capacity - b->length) {
        size_t wanted = b->length + count;
        size_t capacity = b->capacity ? b->capacity : 65536;
        while (capacity < wanted) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(b->data, capacity);
        if (grown == NULL) return 0;
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->length, bytes, count);
    b->length += count;
    return 1;
}

static void vg_be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static int vg_chunk(vg_buffer *b, const char *type, const uint8_t *data, uint32_t length) {
    uint8_t head[8], tail[4];
    vg_be32(head, length);
    memcpy(head + 4, type, 4);
    uLong crc = crc32(0L, (const Bytef *)type, 4);
    if (length > 0) crc = crc32(crc, data, length);
    vg_be32(tail, (uint32_t)crc);
    return vg_put(b, head, 8) && (length == 0 || vg_put(b, data, length)) && vg_put(b, tail, 4);
}

static inline size_t vg_cost(uint8_t v) { return v < 128 ? v : 256u - v; }

/// Filters `row` (above it `prev`, zeros for the first row) with `filter`
/// into `out` (n bytes); returns libpng's sum of the filtered bytes.
static size_t vg_filter(int filter, const uint8_t *row, const uint8_t *prev, size_t n, size_t bpp, uint8_t *out) {
    size_t sum = 0, i;
    switch (filter) {
    case VG_NONE:
        for (i = 0; i < n; i++) sum += vg_cost(out[i] = row[i]);
        break;
    case VG_SUB:
        for (i = 0; i < bpp; i++) sum += vg_cost(out[i] = row[i]);
        for (; i < n; i++) sum += vg_cost(out[i] = (uint8_t)(row[i] - row[i - bpp]));
        break;
    case VG_UP:
        for (i = 0; i < n; i++) sum += vg_cost(out[i] = (uint8_t)(row[i] - prev[i]));
        break;
    case VG_AVG:
        for (i = 0; i < bpp; i++) sum += vg_cost(out[i] = (uint8_t)(row[i] - (prev[i] >> 1)));
        for (; i < n; i++) sum += vg_cost(out[i] = (uint8_t)(row[i] - ((prev[i] + row[i - bpp]) >> 1)));
        break;
    default:
        for (i = 0; i < bpp; i++) sum += vg_cost(out[i] = (uint8_t)(row[i] - prev[i]));
        for (; i < n; i++) {
            int a = row[i - bpp], b = prev[i], c = prev[i - bpp];
            int p = b - c, q = a - c;
            int pa = abs(p), pb = abs(q), pc = abs(p + q);
            int predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc) ? b : c;
            sum += vg_cost(out[i] = (uint8_t)(row[i] - predictor));
        }
        break;
    }
    return sum;
}

/// libpng's png_compress_IDAT: deflate `length` bytes, an IDAT chunk each
/// time the `size`-byte buffer fills, the rest at Z_FINISH.
static int vg_compress(z_stream *z, vg_buffer *b, uint8_t *zbuf, uInt size, const uint8_t *in, size_t length, int flush) {
    z->next_in = (Bytef *)in;
    for (;;) {
        uInt avail = length > UINT_MAX ? UINT_MAX : (uInt)length;
        z->avail_in = avail;
        length -= avail;
        int ret = deflate(z, length > 0 ? Z_NO_FLUSH : flush);
        length += z->avail_in;
        z->avail_in = 0;
        if (z->avail_out == 0) {
            if (!vg_chunk(b, "IDAT", zbuf, size)) return 0;
            z->next_out = zbuf;
            z->avail_out = size;
            if (ret == Z_OK && flush != Z_NO_FLUSH) continue;
        }
        if (ret == Z_OK) {
            if (length == 0) return flush != Z_FINISH;
        } else if (ret == Z_STREAM_END && flush == Z_FINISH) {
            return 1;
        } else {
            return 0;
        }
    }
}

/// One byte of the zlib stream written by hand (its header and trailer), an
/// IDAT chunk each time the `size`-byte buffer fills, as deflate's output does.
static int vg_stream_byte(z_stream *z, vg_buffer *b, uint8_t *zbuf, uInt size, uint8_t byte) {
    *z->next_out++ = byte;
    if (--z->avail_out > 0) return 1;
    z->next_out = zbuf;
    z->avail_out = size;
    return vg_chunk(b, "IDAT", zbuf, size);
}

/// zlib's stream header for deflateInit2(level, Z_DEFLATED, 15, ..., strategy): CMF 0x78 and
/// FLG with zlib's level flags (0 for Huffman-only, RLE and fixed strategies or level < 2).
static unsigned vg_zlib_header(int level, int strategy) {
    unsigned flags = (strategy >= Z_HUFFMAN_ONLY || level < 2) ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
    unsigned header = ((Z_DEFLATED + ((15 - 8) << 4)) << 8) | (flags << 6);
    return header + 31 - (header % 31);
}

#if defined(__x86_64__) && defined(__SSE2__)
#define VG_PNG_AVX2 1
#include <immintrin.h>

// Decided once, before main and before any thread exists (as CKernels' cpu.c does).
static int vg_png_avx2 = 0;

__attribute__((constructor)) static void vg_png_detect_avx2(void) {
    __builtin_cpu_init();
    vg_png_avx2 = __builtin_cpu_supports("avx2") ? 1 : 0;
}

/// The SSE2 loop of vg_filter_all 32 bytes a step (AVX2 unpacks and packs within
/// each 128-bit lane, so every byte gets the same arithmetic): from `bpp` while 32
/// bytes remain, sums added to `sums`; returns where it stopped.
__attribute__((target("avx2"))) static size_t vg_filter_all_avx2(const uint8_t *row, const uint8_t *prev, size_t n,
                                                                   size_t bpp, uint8_t *const tries[5], size_t sums[5]) {
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi8(1), all = _mm256_set1_epi16(-1);
    __m256i acc[5] = {zero, zero, zero, zero, zero};
    size_t i;
    for (i = bpp; i + 32 <= n; i += 32) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(row + i)), a = _mm256_loadu_si256((const __m256i *)(row + i - bpp));
        __m256i b = _mm256_loadu_si256((const __m256i *)(prev + i)), c = _mm256_loadu_si256((const __m256i *)(prev + i - bpp));
        __m256i avg = _mm256_sub_epi8(_mm256_avg_epu8(a, b), _mm256_and_si256(_mm256_xor_si256(a, b), one));
        __m256i pred[2];
        for (int half = 0; half < 2; half++) {
            __m256i a16 = half ? _mm256_unpackhi_epi8(a, zero) : _mm256_unpacklo_epi8(a, zero);
            __m256i b16 = half ? _mm256_unpackhi_epi8(b, zero) : _mm256_unpacklo_epi8(b, zero);
            __m256i c16 = half ? _mm256_unpackhi_epi8(c, zero) : _mm256_unpacklo_epi8(c, zero);
            __m256i p = _mm256_sub_epi16(b16, c16), q = _mm256_sub_epi16(a16, c16), r = _mm256_add_epi16(p, q);
            __m256i pa = _mm256_abs_epi16(p), pb = _mm256_abs_epi16(q), pc = _mm256_abs_epi16(r);
            __m256i take_a = _mm256_andnot_si256(_mm256_or_si256(_mm256_cmpgt_epi16(pa, pb), _mm256_cmpgt_epi16(pa, pc)), all);
            __m256i take_b = _mm256_andnot_si256(_mm256_cmpgt_epi16(pb, pc), all);
            __m256i bc = _mm256_or_si256(_mm256_and_si256(take_b, b16), _mm256_andnot_si256(take_b, c16));
            pred[half] = _mm256_or_si256(_mm256_and_si256(take_a, a16), _mm256_andnot_si256(take_a, bc));
        }
        __m256i out[5] = {x, _mm256_sub_epi8(x, a), _mm256_sub_epi8(x, b), _mm256_sub_epi8(x, avg),
                          _mm256_sub_epi8(x, _mm256_packus_epi16(pred[0], pred[1]))};
        for (int f = 0; f < 5; f++) {
            _mm256_storeu_si256((__m256i *)(tries[f] + 1 + i), out[f]);
            __m256i cost = _mm256_min_epu8(out[f], _mm256_sub_epi8(zero, out[f]));
            acc[f] = _mm256_add_epi64(acc[f], _mm256_sad_epu8(cost, zero));
        }
    }
    for (int f = 0; f < 5; f++) {
        uint64_t lanes[4];
        _mm256_storeu_si256((__m256i *)lanes, acc[f]);
        sums[f] += (size_t)(lanes[0] + lanes[1] + lanes[2] + lanes[3]);
    }
    return i;
}
#endif

/// Every filter of `row` at once into `tries[f] + 1`, with libpng's sum of each.
static void vg_filter_all(const uint8_t *row, const uint8_t *prev, size_t n, size_t bpp, uint8_t *const tries[5],
                          size_t sums[5]) {
    size_t i = 0;
    for (int f = 0; f < 5; f++) sums[f] = 0;
#if defined(__SSE2__)
    // 16 bytes a step once a whole pixel lies to the left; sums by psadbw of
    // min(v, 256 - v), Paeth's distances in 16-bit lanes. Same bytes as below.
    if (n >= bpp + 16) {
        const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1);
        __m128i acc[5] = {zero, zero, zero, zero, zero};
        // Sums over disjoint bytes add up: AVX2 takes 32 bytes a step as far as it can, SSE2 the next 16.
        size_t start = bpp, wide[5] = {0};
#if defined(VG_PNG_AVX2)
        if (vg_png_avx2) start = vg_filter_all_avx2(row, prev, n, bpp, tries, wide);
#endif
        for (i = start; i + 16 <= n; i += 16) {
            __m128i x = _mm_loadu_si128((const __m128i *)(row + i)), a = _mm_loadu_si128((const __m128i *)(row + i - bpp));
            __m128i b = _mm_loadu_si128((const __m128i *)(prev + i)), c = _mm_loadu_si128((const __m128i *)(prev + i - bpp));
            __m128i avg = _mm_sub_epi8(_mm_avg_epu8(a, b), _mm_and_si128(_mm_xor_si128(a, b), one));
            __m128i pred[2];
            for (int half = 0; half < 2; half++) {
                __m128i a16 = half ? _mm_unpackhi_epi8(a, zero) : _mm_unpacklo_epi8(a, zero);
                __m128i b16 = half ? _mm_unpackhi_epi8(b, zero) : _mm_unpacklo_epi8(b, zero);
                __m128i c16 = half ? _mm_unpackhi_epi8(c, zero) : _mm_unpacklo_epi8(c, zero);
                __m128i p = _mm_sub_epi16(b16, c16), q = _mm_sub_epi16(a16, c16), r = _mm_add_epi16(p, q);
                __m128i pa = _mm_max_epi16(p, _mm_sub_epi16(zero, p)), pb = _mm_max_epi16(q, _mm_sub_epi16(zero, q));
                __m128i pc = _mm_max_epi16(r, _mm_sub_epi16(zero, r));
                __m128i take_a = _mm_andnot_si128(_mm_or_si128(_mm_cmpgt_epi16(pa, pb), _mm_cmpgt_epi16(pa, pc)), _mm_set1_epi16(-1));
                __m128i take_b = _mm_andnot_si128(_mm_cmpgt_epi16(pb, pc), _mm_set1_epi16(-1));
                __m128i bc = _mm_or_si128(_mm_and_si128(take_b, b16), _mm_andnot_si128(take_b, c16));
                pred[half] = _mm_or_si128(_mm_and_si128(take_a, a16), _mm_andnot_si128(take_a, bc));
            }
            __m128i out[5] = {x, _mm_sub_epi8(x, a), _mm_sub_epi8(x, b), _mm_sub_epi8(x, avg),
                              _mm_sub_epi8(x, _mm_packus_epi16(pred[0], pred[1]))};
            for (int f = 0; f < 5; f++) {
                _mm_storeu_si128((__m128i *)(tries[f] + 1 + i), out[f]);
                __m128i cost = _mm_min_epu8(out[f], _mm_sub_epi8(zero, out[f]));
                acc[f] = _mm_add_epi64(acc[f], _mm_sad_epu8(cost, zero));
            }
        }
        for (int f = 0; f < 5; f++) {
            sums[f] = (size_t)_mm_cvtsi128_si64(acc[f]) + (size_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc[f], acc[f])) + wide[f];
        }
        // The first pixel and the tail, scalar: each filter's loop over them only.
        size_t head[5] = {0};
        uint8_t first[5][8];
        for (int f = 0; f < 5; f++) head[f] = vg_filter(f, row, prev, bpp, bpp, first[f]);
        for (int f = 0; f < 5; f++) {
            memcpy(tries[f] + 1, first[f], bpp);
            sums[f] += head[f];
        }
    }
#endif
    if (i == 0) {
        for (int f = 0; f < 5; f++) sums[f] = vg_filter(f, row, prev, n, bpp, tries[f] + 1);
        return;
    }
    for (; i < n; i++) {
        int a = row[i - bpp], b = prev[i], c = prev[i - bpp], x = row[i];
        int p = b - c, q = a - c;
        int pa = abs(p), pb = abs(q), pc = abs(p + q);
        int predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc) ? b : c;
        uint8_t v[5] = {(uint8_t)x, (uint8_t)(x - a), (uint8_t)(x - b), (uint8_t)(x - ((a + b) >> 1)), (uint8_t)(x - predictor)};
        for (int f = 0; f < 5; f++) sums[f] += vg_cost(tries[f][1 + i] = v[f]);
    }
}

/// The filtered row (filter byte first) libpng would write for `row`: the
/// one filter of a single-filter mask, else the smallest sum among the mask's,
/// ties to the earlier, None (when in the mask) the first to beat.
static const uint8_t *vg_best_row(const uint8_t *row, const uint8_t *prev, size_t n, size_t bpp, int mask,
                                  uint8_t *const tries[5]) {
    static const int bits[5] = {PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP, PNG_FILTER_AVG, PNG_FILTER_PAETH};
    if (mask == PNG_ALL_FILTERS) {
        // Rows a drawing is full of, decided without trying every filter: a row of zeros
        // sums 0 unfiltered (None, the first, wins any tie), and a row equal to the one
        // above (not all zero) sums 0 by Up, which only None or Sub could tie, and both
        // sum 0 only for a row of zeros.
        unsigned char any = 0;
        for (size_t i = 0; i < n; i++) any |= row[i];
        if (any == 0 || memcmp(row, prev, n) == 0) {
            uint8_t *chosen = tries[any == 0 ? VG_NONE : VG_UP];
            memset(chosen + 1, 0, n);
            return chosen;
        }
    }
    size_t sums[5];
    vg_filter_all(row, prev, n, bpp, tries, sums);
    for (int f = 0; f < 5; f++) {
        if (mask == bits[f]) return tries[f];
    }
    int best = VG_NONE;
    size_t mins = (mask & PNG_FILTER_NONE) ? sums[VG_NONE] : (size_t)-1 - 256;
    for (int f = VG_SUB; f <= VG_PAETH; f++) {
        if ((mask & bits[f]) != 0 && sums[f] < mins) {
            mins = sums[f];
            best = f;
        }
    }
    return tries[best];
}

static int vg_write_rows(z_stream *z, vg_buffer *out, const uint8_t *pixels, uint32_t width, uint32_t height,
                         int stride_channels, int channels, int mask, unsigned header, uint8_t *work, uInt zsize) {
    size_t n = (size_t)width * (size_t)channels, bpp = (size_t)channels;
    uint8_t *rows[2] = {work, work + n}, *zbuf = work + 2 * n;
    uint8_t *tries[5];
    for (int f = 0; f < 5; f++) {
        tries[f] = zbuf + zsize + (size_t)f * (n + 1);
        tries[f][0] = (uint8_t)f;
    }
    memset(rows[1], 0, n);
    z->next_out = zbuf;
    z->avail_out = zsize;
    if (!vg_stream_byte(z, out, zbuf, zsize, (uint8_t)(header >> 8))
        || !vg_stream_byte(z, out, zbuf, zsize, (uint8_t)header)) return 0;
    uint32_t adler = 1;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *source = pixels + (size_t)y * width * (size_t)stride_channels;
        uint8_t *row = rows[y & 1];
        if (stride_channels == channels) {
            memcpy(row, source, n);
        } else {
            for (uint32_t x = 0; x < width; x++) memcpy(row + (size_t)x * 3, source + (size_t)x * 4, 3);
        }
        const uint8_t *best = vg_best_row(row, rows[(y + 1) & 1], n, bpp, mask, tries);
        adler = libdeflate_adler32(adler, best, n + 1);
        if (!vg_compress(z, out, zbuf, zsize, best, n + 1, Z_NO_FLUSH)) return 0;
    }
    if (!vg_compress(z, out, zbuf, zsize, NULL, 0, Z_FINISH)) return 0;
    for (int shift = 24; shift >= 0; shift -= 8) {
        if (!vg_stream_byte(z, out, zbuf, zsize, (uint8_t)(adler >> shift))) return 0;
    }
    uInt rest = zsize - z->avail_out;
    return rest == 0 || vg_chunk(out, "IDAT", zbuf, rest);
}

int vg_png_encode_direct(const uint8_t *pixels, uint32_t width, uint32_t height, int input_stride_channels,
                         int channels, vg_png_encode_options options, vg_buffer *out) {
    size_t n = (size_t)width * (size_t)channels;
    size_t raw = (n + 1) * height;
    size_t bound = raw + ((raw + 7) >> 3) + ((raw + 63) >> 6) + 64;
    uInt zsize = (uInt)(bound < ((size_t)1 << 17) ? bound : ((size_t)1 << 17));
    uint8_t *work = (uint8_t *)malloc(2 * n + zsize + 5 * (n + 1));
    if (work == NULL) return VG_PNG_OUT_OF_MEMORY;
    out->data = NULL;
    out->length = out->capacity = 0;
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, options.level, Z_DEFLATED, -15, 9, options.strategy) != Z_OK) {
        free(work);
        return VG_PNG_OUT_OF_MEMORY;
    }
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    uint8_t ihdr[13];
    vg_be32(ihdr, width);
    vg_be32(ihdr + 4, height);
    ihdr[8] = 8;
    ihdr[9] = channels == 4 ? 6 : 2;
    ihdr[10] = ihdr[11] = ihdr[12] = 0;
    int ok = vg_put(out, signature, 8) && vg_chunk(out, "IHDR", ihdr, 13)
        && vg_write_rows(&z, out, pixels, width, height, input_stride_channels, channels, options.filters,
                         vg_zlib_header(options.level, options.strategy), work, zsize)
        && vg_chunk(out, "IEND", NULL, 0);
    deflateEnd(&z);
    free(work);
    if (!ok) {
        vg_buffer_free(out);
        return VG_PNG_OUT_OF_MEMORY;
    }
    return VG_PNG_OK;
}
