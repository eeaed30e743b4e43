// One decode, from header to last scanline, inside one C function with its
// own setjmp: libjpeg's longjmp never crosses a Swift frame.
#include "jpeg_private.h"

#include <string.h>

/// a * b / 255, rounded to nearest, exactly, for 8-bit a and b.
static inline uint8_t vg_mul255(unsigned a, unsigned b) {
    unsigned t = a * b + 128;
    return (uint8_t)((t + (t >> 8)) >> 8);
}

/// CMYK to RGB in place (4 bytes in, 4 out). Adobe files store ink
/// inverted (255 = no ink); others store ink directly. Without a colour
/// profile the naive conversion is the common ground: R = (1 - C)(1 - K).
static void vg_cmyk_row_to_rgba(uint8_t *row, uint32_t width, int inverted) {
    const unsigned flip = inverted ? 0 : 255;
    for (uint32_t x = 0; x < width; x++, row += 4) {
        unsigned c = row[0] ^ flip, m = row[1] ^ flip, y = row[2] ^ flip, k = row[3] ^ flip;
        row[0] = vg_mul255(c, k);
        row[1] = vg_mul255(m, k);
        row[2] = vg_mul255(y, k);
        row[3] = 255;
    }
}

/// Chooses the output colour space; 0 when the file's cannot become RGB.
static int vg_pick_output(j_decompress_ptr cinfo, int *cmyk) {
    *cmyk = 0;
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE:
    case JCS_RGB:
    case JCS_YCbCr:
        cinfo->out_color_space = JCS_EXT_RGBA;
        return 1;
    case JCS_CMYK:
    case JCS_YCCK:
        cinfo->out_color_space = JCS_CMYK;
        *cmyk = 1;
        return 1;
    default:
        return 0;
    }
}

static void vg_read_rows(j_decompress_ptr cinfo, uint8_t *out, int cmyk, int inverted) {
    const size_t stride = (size_t)cinfo->output_width * 4;
    JSAMPROW rows[16];
    while (cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION first = cinfo->output_scanline;
        JDIMENSION wanted = cinfo->output_height - first;
        if (wanted > 16) wanted = 16;
        for (JDIMENSION i = 0; i < wanted; i++) rows[i] = out + (size_t)(first + i) * stride;
        JDIMENSION got = jpeg_read_scanlines(cinfo, rows, wanted);
        if (cmyk) {
            for (JDIMENSION i = 0; i < got; i++) vg_cmyk_row_to_rgba(rows[i], cinfo->output_width, inverted);
        }
    }
}

/// Reads every row, keeping columns [x, x + width) of the output. libjpeg
/// decodes only the iMCU columns around them (jpeg_crop_scanline widens the
/// range to block edges); the rows land in a scratch band and the wanted
/// span is copied out, so the result is exactly the full decode's pixels
/// in the requested columns.
static void vg_read_columns(j_decompress_ptr cinfo, uint8_t *out, JDIMENSION x, JDIMENSION width,
                            int cmyk, int inverted) {
    // Two columns of slack each side: fancy upsampling treats libjpeg's
    // window edge as the image edge, so its outermost columns can differ
    // from a full decode's; kept out of the copied span they never show.
    JDIMENSION start = x >= 2 ? x - 2 : 0;
    JDIMENSION end = x + width + 2 <= cinfo->output_width ? x + width + 2 : cinfo->output_width;
    JDIMENSION span = end - start;
    jpeg_crop_scanline(cinfo, &start, &span);
    JSAMPARRAY band = (*cinfo->mem->alloc_sarray)((j_common_ptr)cinfo, JPOOL_IMAGE, span * 4, 16);
    const size_t skip = (size_t)(x - start) * 4, stride = (size_t)width * 4;
    while (cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION first = cinfo->output_scanline;
        JDIMENSION wanted = cinfo->output_height - first;
        if (wanted > 16) wanted = 16;
        JDIMENSION got = jpeg_read_scanlines(cinfo, band, wanted);
        for (JDIMENSION i = 0; i < got; i++) {
            if (cmyk) vg_cmyk_row_to_rgba(band[i], span, inverted);
            memcpy(out + (size_t)(first + i) * stride, band[i] + skip, stride);
        }
    }
}

static int vg_fail_with(j_decompress_ptr cinfo, int code, char *err, size_t err_length, const char *message) {
    jpeg_destroy_decompress(cinfo);
    vg_jpeg_set_error(err, err_length, message);
    return code;
}

int vg_jpeg_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels,
                         int scale_denom, uint8_t *out, size_t out_length,
                         char *err, size_t err_length) {
    return vg_jpeg_decode_rgba8_columns(data, length, max_pixels, scale_denom, 0, 0, 1, NULL, out, out_length, err, err_length);
}

int vg_jpeg_decode_rgba8_columns(const uint8_t *data, size_t length, uint64_t max_pixels,
                                 int scale_denom, uint32_t crop_x, uint32_t crop_width,
                                 int strict, int *damage_count,
                                 uint8_t *out, size_t out_length, char *err, size_t err_length) {
    if (data == NULL || out == NULL || length == 0) return VG_JPEG_BAD_ARGUMENT;
    if (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8) return VG_JPEG_BAD_ARGUMENT;
    struct jpeg_decompress_struct cinfo;
    struct jpeg_progress_mgr progress;
    vg_jpeg_error error;
    cinfo.err = vg_jpeg_error_init(&error, err, err_length);
    error.strict = strict;
    if (damage_count != NULL) *damage_count = 0;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return error.code;
    }
    jpeg_create_decompress(&cinfo);
    cinfo.mem->max_memory_to_use = VG_JPEG_MAX_WORKING_MEMORY;
    vg_jpeg_progress_init(&cinfo, &progress);
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    if ((uint64_t)cinfo.image_width * cinfo.image_height > max_pixels) {
        return vg_fail_with(&cinfo, VG_JPEG_TOO_LARGE, err, err_length, "image exceeds the pixel limit");
    }
    int cmyk = 0;
    if (!vg_pick_output(&cinfo, &cmyk)) {
        return vg_fail_with(&cinfo, VG_JPEG_UNSUPPORTED, err, err_length, "unsupported colour space or component count");
    }
    int inverted = cmyk && cinfo.saw_Adobe_marker;
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned)scale_denom;
    cinfo.dct_method = JDCT_ISLOW;
    cinfo.do_fancy_upsampling = TRUE;
    jpeg_calc_output_dimensions(&cinfo);
    int cropped = crop_width > 0 && crop_width < cinfo.output_width;
    uint64_t columns = cropped ? crop_width : cinfo.output_width;
    if ((cropped && (uint64_t)crop_x + crop_width > cinfo.output_width)
        || columns * cinfo.output_height * 4 != out_length || cinfo.output_components != 4) {
        return vg_fail_with(&cinfo, VG_JPEG_BAD_ARGUMENT, err, err_length, "output buffer does not fit the scaled image");
    }
    jpeg_start_decompress(&cinfo);
    if (cropped) {
        vg_read_columns(&cinfo, out, crop_x, crop_width, cmyk, inverted);
    } else {
        vg_read_rows(&cinfo, out, cmyk, inverted);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    if (damage_count != NULL) *damage_count = error.damage_count;
    return VG_JPEG_OK;
}
