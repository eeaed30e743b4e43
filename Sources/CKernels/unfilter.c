#include "CKernels.h"
#include "cpu_private.h"
#include "unfilter_private.h"

#include <stdlib.h>
#include <string.h>

// PNG unfiltering (ISO/IEC 15948 §9): each byte adds a prediction from the
// byte one pixel to the left (a), above (b) and above-left (c), all from the
// *unfiltered* output. Sub, Average and Paeth chain from pixel to pixel, so
// the SIMD builds work on the channels of one pixel at a time; Up and None
// have no chain and go 16 or 32 bytes at a time. This file holds the portable
// reference and the choice of path; unfilter_simd.h the SSE2/AVX2 kernels.

static inline int paeth_predictor(int a, int b, int c) {
    int pa = b > c ? b - c : c - b, pb = a > c ? a - c : c - a;
    int pc = a + b - 2 * c;
    if (pc < 0) pc = -pc;
    return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c);
}

// Channel i of pixel x is read from `src` before channel i of pixel x is
// written, and pixels go left to right: with the in-buffer layouts of
// vg_png_unfilter_rgba that never overwrites a byte still to be read.
static void unfilter_row_scalar(int filter, const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width,
                                int sb, int db) {
    for (size_t x = 0; x < width; x++) {
        for (int i = 0; i < sb; i++) {
            int raw = src[x * (size_t)sb + i];
            int a = x > 0 ? dst[(x - 1) * (size_t)db + i] : 0;
            int b = up ? up[x * (size_t)db + i] : 0;
            int c = up && x > 0 ? up[(x - 1) * (size_t)db + i] : 0;
            int prediction = 0;
            switch (filter) {
            case 1: prediction = a; break;
            case 2: prediction = b; break;
            case 3: prediction = (a + b) >> 1; break;
            case 4: prediction = paeth_predictor(a, b, c); break;
            default: break;
            }
            dst[x * (size_t)db + i] = (uint8_t)(raw + prediction);
        }
        if (db > sb) dst[x * (size_t)db + 3] = 255;
    }
}

#if defined(__x86_64__) || defined(__i386__)
// Decided once at load time (cpu.c).
static inline int cpu_has_avx2(void) { return vg_cpu_has_avx2(); }
#endif

int vg_png_unfilter_path_available(int path) {
    switch (path) {
    case VG_UNFILTER_SCALAR: return 1;
#if defined(__SSE2__)
    case VG_UNFILTER_SSE2: return 1;
    case VG_UNFILTER_AVX2: return cpu_has_avx2();
#endif
    default: return 0;
    }
}

// -1 until decided; the decision is the same in every thread, so a race only repeats it.
static int chosen_path = -1;

int vg_png_unfilter_default_path(void) {
    int path = __atomic_load_n(&chosen_path, __ATOMIC_RELAXED);
    if (path >= 0) return path;
    path = vg_png_unfilter_path_available(VG_UNFILTER_AVX2) ? VG_UNFILTER_AVX2
         : vg_png_unfilter_path_available(VG_UNFILTER_SSE2) ? VG_UNFILTER_SSE2 : VG_UNFILTER_SCALAR;
    const char *asked = getenv("VIGNETTE_UNFILTER");
    if (asked && strcmp(asked, "scalar") == 0) path = VG_UNFILTER_SCALAR;
    else if (asked && strcmp(asked, "sse2") == 0 && path > VG_UNFILTER_SSE2) path = VG_UNFILTER_SSE2;
    __atomic_store_n(&chosen_path, path, __ATOMIC_RELAXED);
    return path;
}

int vg_png_unfilter_row(int filter, const uint8_t *src, uint8_t *dst, const uint8_t *up, size_t width,
                        int src_bpp, int dst_bpp, int path) {
    if (filter < 0 || filter > 4 || src_bpp < 1 || src_bpp > 8) return -1;
    if (dst_bpp != src_bpp && !(src_bpp == 3 && dst_bpp == 4)) return -1;
#if defined(__SSE2__)
    if (path >= VG_UNFILTER_AVX2 && vg_png_unfilter_path_available(VG_UNFILTER_AVX2)) {
        if (vg_unfilter_row_avx2(filter, src, dst, up, width, src_bpp, dst_bpp) == 0) return 0;
    } else if (path >= VG_UNFILTER_SSE2) {
        if (vg_unfilter_row_sse2(filter, src, dst, up, width, src_bpp, dst_bpp) == 0) return 0;
    }
#else
    (void)path;
#endif
    unfilter_row_scalar(filter, src, dst, up, width, src_bpp, dst_bpp);
    return 0;
}

int vg_png_unfilter_rgba(const uint8_t *raw, uint8_t *out, size_t width, size_t height, int channels, int path) {
    if (channels != 3 && channels != 4) return -1;
    if (path >= VG_UNFILTER_AVX2 && !vg_png_unfilter_path_available(VG_UNFILTER_AVX2)) path = VG_UNFILTER_SSE2;
    const size_t raw_row = 1 + width * (size_t)channels, out_row = width * 4;
    for (size_t y = 0; y < height; y++) {
        const uint8_t *src = raw + y * raw_row;
        uint8_t *dst = out + y * out_row;
        if (src[0] > 4) return -1;
        vg_png_unfilter_row(src[0], src + 1, dst, y > 0 ? dst - out_row : NULL, width, channels, 4, path);
    }
    return 0;
}
