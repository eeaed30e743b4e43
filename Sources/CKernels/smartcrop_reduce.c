#include "CKernels.h"

// The same averages as vg_box_reduce for square blocks, computed a row at a
// time: every source row is added into 32-bit per-byte column sums (one
// widening add per byte, which the compiler vectorises), and only once per
// block of rows are the columns of each block summed and rounded.
void vg_box_reduce_rows(const uint8_t *source, size_t source_stride, int32_t width, int32_t height,
                        int32_t block, uint32_t *column_sums,
                        uint8_t *destination, size_t destination_stride) {
    const size_t span = (size_t)width * 4;
    int32_t out_width = (width + block - 1) / block;
    int32_t out_height = (height + block - 1) / block;
    for (int32_t oy = 0; oy < out_height; oy++) {
        int32_t y0 = oy * block;
        int32_t y1 = y0 + block < height ? y0 + block : height;
        for (size_t i = 0; i < span; i++) column_sums[i] = 0;
        for (int32_t y = y0; y < y1; y++) {
            const uint8_t *row = source + (size_t)y * source_stride;
            for (size_t i = 0; i < span; i++) column_sums[i] += row[i];
        }
        uint8_t *out = destination + (size_t)oy * destination_stride;
        for (int32_t ox = 0; ox < out_width; ox++) {
            int32_t x0 = ox * block;
            int32_t x1 = x0 + block < width ? x0 + block : width;
            uint64_t sum[4] = {0, 0, 0, 0};
            for (int32_t x = x0; x < x1; x++) {
                for (int c = 0; c < 4; c++) sum[c] += column_sums[(size_t)x * 4 + c];
            }
            uint64_t count = (uint64_t)(x1 - x0) * (uint64_t)(y1 - y0);
            for (int c = 0; c < 4; c++) out[(size_t)ox * 4 + c] = (uint8_t)((sum[c] + count / 2) / count);
        }
    }
}
