#include "CKernels.h"

// Plain C on purpose: exact integer arithmetic the compiler may vectorise
// without changing a byte, so there is no separate SIMD path to prove.

static inline int32_t clamp_index(int32_t i, int32_t n) { return i < 0 ? 0 : (i >= n ? n - 1 : i); }

void vg_box_reduce_extended(const uint8_t *source, size_t source_stride, int32_t width, int32_t height,
                            int32_t factor, int32_t margin, uint8_t *destination, size_t destination_stride) {
    int32_t out_width = (width + factor - 1) / factor + 2 * margin;
    int32_t out_height = (height + factor - 1) / factor + 2 * margin;
    int32_t offset = margin * factor;
    uint64_t count = (uint64_t)factor * (uint64_t)factor;
    for (int32_t oy = 0; oy < out_height; oy++) {
        uint8_t *out = destination + (size_t)oy * destination_stride;
        for (int32_t ox = 0; ox < out_width; ox++) {
            uint64_t sum[4] = {0, 0, 0, 0};
            for (int32_t dy = 0; dy < factor; dy++) {
                const uint8_t *row = source + (size_t)clamp_index(oy * factor + dy - offset, height) * source_stride;
                for (int32_t dx = 0; dx < factor; dx++) {
                    const uint8_t *p = row + (size_t)clamp_index(ox * factor + dx - offset, width) * 4;
                    sum[0] += p[0];
                    sum[1] += p[1];
                    sum[2] += p[2];
                    sum[3] += p[3];
                }
            }
            for (int c = 0; c < 4; c++) out[(size_t)ox * 4 + c] = (uint8_t)((sum[c] + count / 2) / count);
        }
    }
}

void vg_grayscale_rgba(uint8_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++, pixels += 4) {
        uint32_t y = (VG_LUMA_RED * (uint32_t)pixels[0] + VG_LUMA_GREEN * (uint32_t)pixels[1] +
                      VG_LUMA_BLUE * (uint32_t)pixels[2] + (1u << 15)) >> 16;
        pixels[0] = pixels[1] = pixels[2] = (uint8_t)y;
    }
}

void vg_unsharp_rgba(uint8_t *pixels, const uint8_t *blurred, size_t count, int32_t amount) {
    // Floor division by 256 of a possibly negative product without a signed
    // shift: the bias keeps the dividend positive (|amount × detail| < 2^20).
    const int32_t bias = 1 << 20;
    for (size_t i = 0; i < count; i++, pixels += 4, blurred += 4) {
        int32_t alpha = pixels[3];
        for (int c = 0; c < 3; c++) {
            int32_t value = pixels[c];
            int32_t detail = amount * (value - (int32_t)blurred[c]);
            int32_t v = value + (int32_t)((uint32_t)(detail + bias + 128) >> 8) - (bias >> 8);
            pixels[c] = (uint8_t)(v < 0 ? 0 : (v > alpha ? alpha : v));
        }
    }
}
