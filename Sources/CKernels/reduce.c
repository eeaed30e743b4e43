#include "CKernels.h"

// Averages blocks of `block_width × block_height` RGBA pixels (the last
// block of a row or column may be smaller) with exact integer rounding.
void vg_box_reduce(const uint8_t *source, size_t source_stride, int32_t width, int32_t height,
                   int32_t block_width, int32_t block_height,
                   uint8_t *destination, size_t destination_stride) {
    int32_t out_width = (width + block_width - 1) / block_width;
    int32_t out_height = (height + block_height - 1) / block_height;
    for (int32_t oy = 0; oy < out_height; oy++) {
        int32_t y0 = oy * block_height;
        int32_t y1 = y0 + block_height < height ? y0 + block_height : height;
        uint8_t *out = destination + (size_t)oy * destination_stride;
        for (int32_t ox = 0; ox < out_width; ox++) {
            int32_t x0 = ox * block_width;
            int32_t x1 = x0 + block_width < width ? x0 + block_width : width;
            uint64_t sum[4] = {0, 0, 0, 0};
            for (int32_t y = y0; y < y1; y++) {
                const uint8_t *p = source + (size_t)y * source_stride + (size_t)x0 * 4;
                for (int32_t x = x0; x < x1; x++, p += 4) {
                    sum[0] += p[0];
                    sum[1] += p[1];
                    sum[2] += p[2];
                    sum[3] += p[3];
                }
            }
            uint64_t count = (uint64_t)(x1 - x0) * (uint64_t)(y1 - y0);
            for (int c = 0; c < 4; c++) out[(size_t)ox * 4 + c] = (uint8_t)((sum[c] + count / 2) / count);
        }
    }
}
