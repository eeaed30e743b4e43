// Every libpng call of one decode or encode stays inside one C function with
// its own setjmp, so libpng's longjmp never crosses a Swift frame.
#include "CPNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
    char *err;
    size_t err_length;
} vg_reader;

static void vg_set_error(char *err, size_t err_length, const char *message) {
    if (err == NULL || err_length == 0) return;
    strncpy(err, message, err_length - 1);
    err[err_length - 1] = '\0';
}

static void vg_error_fn(png_structp png, png_const_charp message) {
    vg_reader *io = (vg_reader *)png_get_error_ptr(png);
    if (io != NULL) vg_set_error(io->err, io->err_length, message);
    png_longjmp(png, 1);
}

static void vg_warning_fn(png_structp png, png_const_charp message) {
    (void)png;
    (void)message; // warnings (bad ancillary chunks, sRGB profile notes) are not errors
}

static void vg_read_fn(png_structp png, png_bytep out, size_t count) {
    vg_reader *io = (vg_reader *)png_get_io_ptr(png);
    if (count > io->length - io->offset) {
        png_error(png, "unexpected end of data (file truncated)");
    }
    memcpy(out, io->data + io->offset, count);
    io->offset += count;
}

static int vg_check_signature(const uint8_t *data, size_t length, char *err, size_t err_length) {
    if (length < 8 || png_sig_cmp(data, 0, 8) != 0) {
        vg_set_error(err, err_length, "not a PNG file (bad signature)");
        return VG_PNG_NOT_PNG;
    }
    return VG_PNG_OK;
}

static void vg_fill_info(png_structp png, png_infop info, vg_png_info *out) {
    out->width = png_get_image_width(png, info);
    out->height = png_get_image_height(png, info);
    out->bit_depth = png_get_bit_depth(png, info);
    out->color_type = png_get_color_type(png, info);
    out->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    out->has_alpha = (out->color_type & PNG_COLOR_MASK_ALPHA) != 0 ||
                     png_get_valid(png, info, PNG_INFO_tRNS) != 0;
}

/// The read and info structs over `io`, reading from memory with libpng's
/// per-side cap lifted (the caller's pixel limit decides). Creating them and
/// setting these cannot longjmp, so no setjmp is needed yet.
static int vg_open_reader(vg_reader *io, png_structp *png, png_infop *info) {
    *png = png_create_read_struct(PNG_LIBPNG_VER_STRING, io, vg_error_fn, vg_warning_fn);
    if (*png == NULL) return VG_PNG_OUT_OF_MEMORY;
    *info = png_create_info_struct(*png);
    if (*info == NULL) {
        png_destroy_read_struct(png, NULL, NULL);
        return VG_PNG_OUT_OF_MEMORY;
    }
    png_set_read_fn(*png, io, vg_read_fn);
    png_set_user_limits(*png, 0x7fffffff, 0x7fffffff);
    return VG_PNG_OK;
}

int vg_png_read_info(const uint8_t *data, size_t length, vg_png_info *info,
                     char *err, size_t err_length) {
    if (data == NULL || info == NULL) return VG_PNG_BAD_ARGUMENT;
    int rc = vg_check_signature(data, length, err, err_length);
    if (rc != VG_PNG_OK) return rc;
    vg_reader io = {data, length, 0, err, err_length};
    png_structp png;
    png_infop pinfo;
    rc = vg_open_reader(&io, &png, &pinfo);
    if (rc != VG_PNG_OK) return rc;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        return VG_PNG_MALFORMED;
    }
    png_read_info(png, pinfo);
    vg_fill_info(png, pinfo, info);
    png_destroy_read_struct(&png, &pinfo, NULL);
    return VG_PNG_OK;
}

int vg_png_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels,
                        uint8_t *out, size_t out_length,
                        char *err, size_t err_length) {
    if (data == NULL || out == NULL) return VG_PNG_BAD_ARGUMENT;
    int rc = vg_check_signature(data, length, err, err_length);
    if (rc != VG_PNG_OK) return rc;
    vg_reader io = {data, length, 0, err, err_length};
    png_structp png;
    png_infop pinfo;
    rc = vg_open_reader(&io, &png, &pinfo);
    if (rc != VG_PNG_OK) return rc;
    // Volatile: these change between setjmp and a possible longjmp.
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free((void *)rows);
        png_destroy_read_struct(&png, &pinfo, NULL);
        return VG_PNG_MALFORMED;
    }
    png_read_info(png, pinfo);

    vg_png_info info;
    vg_fill_info(png, pinfo, &info);
    if ((uint64_t)info.width * (uint64_t)info.height > max_pixels) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        vg_set_error(err, err_length, "image exceeds the pixel limit");
        return VG_PNG_TOO_LARGE;
    }
    if ((uint64_t)info.width * info.height * 4 > out_length) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        return VG_PNG_BAD_ARGUMENT;
    }

    png_set_expand(png);
    if (info.bit_depth == 16) png_set_scale_16(png);
    if ((info.color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
    if (!info.has_alpha) png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, pinfo);
    if (png_get_rowbytes(png, pinfo) != (size_t)info.width * 4) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        vg_set_error(err, err_length, "unsupported pixel layout after expansion");
        return VG_PNG_MALFORMED;
    }

    rows = (png_bytep *)malloc(sizeof(png_bytep) * info.height);
    if (rows == NULL) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        return VG_PNG_OUT_OF_MEMORY;
    }
    for (uint32_t y = 0; y < info.height; y++) rows[y] = out + (size_t)y * info.width * 4;
    png_read_image(png, rows);
    free((void *)rows);
    rows = NULL;
    png_destroy_read_struct(&png, &pinfo, NULL);
    return VG_PNG_OK;
}

typedef struct {
    vg_buffer *buffer;
    char *err;
    size_t err_length;
} vg_writer;

static void vg_write_fn(png_structp png, png_bytep bytes, size_t count) {
    vg_writer *io = (vg_writer *)png_get_io_ptr(png);
    vg_buffer *b = io->buffer;
    if (count > b->capacity - b->length) {
        size_t wanted = b->length + count;
        size_t capacity = b->capacity ? b->capacity : 65536;
        while (capacity < wanted) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(b->data, capacity);
        if (grown == NULL) png_error(png, "out of memory while encoding");
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->length, bytes, count);
    b->length += count;
}

static void vg_flush_fn(png_structp png) { (void)png; }

static void vg_write_error_fn(png_structp png, png_const_charp message) {
    vg_writer *io = (vg_writer *)png_get_error_ptr(png);
    if (io != NULL) vg_set_error(io->err, io->err_length, message);
    png_longjmp(png, 1);
}

int vg_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                  int input_stride_channels, int channels,
                  vg_png_encode_options options, vg_buffer *out,
                  char *err, size_t err_length) {
    if (pixels == NULL || out == NULL || width == 0 || height == 0) return VG_PNG_BAD_ARGUMENT;
    if (!((channels == 4 && input_stride_channels == 4) ||
          (channels == 3 && (input_stride_channels == 3 || input_stride_channels == 4)))) {
        return VG_PNG_BAD_ARGUMENT;
    }
    out->data = NULL;
    out->length = 0;
    out->capacity = 0;
    vg_writer io = {out, err, err_length};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &io, vg_write_error_fn, vg_warning_fn);
    if (png == NULL) return VG_PNG_OUT_OF_MEMORY;
    png_infop pinfo = png_create_info_struct(png);
    if (pinfo == NULL) {
        png_destroy_write_struct(&png, NULL);
        return VG_PNG_OUT_OF_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &pinfo);
        vg_buffer_free(out);
        return VG_PNG_MALFORMED;
    }
    png_set_write_fn(png, &io, vg_write_fn, vg_flush_fn);
    png_set_IHDR(png, pinfo, width, height, 8,
                 channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, options.level);
    png_set_compression_strategy(png, options.strategy);
    png_set_compression_mem_level(png, 9);
    png_set_compression_buffer_size(png, 1 << 17);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, options.filters);
    png_write_info(png, pinfo);
    if (channels == 3 && input_stride_channels == 4) png_set_filler(png, 0, PNG_FILLER_AFTER);
    size_t stride = (size_t)width * input_stride_channels;
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    }
    png_write_end(png, pinfo);
    png_destroy_write_struct(&png, &pinfo);
    return VG_PNG_OK;
}

static int vg_copy_iccp(png_structp png, png_infop pinfo, size_t max_length, vg_buffer *out) {
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_length = 0;
    if (png_get_iCCP(png, pinfo, &name, &compression, &profile, &profile_length) == 0) return VG_PNG_OK;
    if (profile == NULL || profile_length == 0 || profile_length > max_length) return VG_PNG_OK;
    out->data = (uint8_t *)malloc(profile_length);
    if (out->data == NULL) return VG_PNG_OUT_OF_MEMORY;
    memcpy(out->data, profile, profile_length);
    out->length = profile_length;
    out->capacity = profile_length;
    return VG_PNG_OK;
}

int vg_png_read_iccp(const uint8_t *data, size_t length, size_t max_length, vg_buffer *out,
                     char *err, size_t err_length) {
    if (data == NULL || out == NULL) return VG_PNG_BAD_ARGUMENT;
    out->data = NULL;
    out->length = 0;
    out->capacity = 0;
    int rc = vg_check_signature(data, length, err, err_length);
    if (rc != VG_PNG_OK) return rc;
    vg_reader io = {data, length, 0, err, err_length};
    png_structp png;
    png_infop pinfo;
    rc = vg_open_reader(&io, &png, &pinfo);
    if (rc != VG_PNG_OK) return rc;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        return VG_PNG_MALFORMED;
    }
    // Bounds what libpng inflates for any ancillary chunk, the profile included;
    // a longer profile is dropped with a warning, not an error.
    png_set_chunk_malloc_max(png, max_length);
    png_read_info(png, pinfo);
    rc = vg_copy_iccp(png, pinfo, max_length, out);
    png_destroy_read_struct(&png, &pinfo, NULL);
    return rc;
}

void vg_buffer_free(vg_buffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->length = 0;
    buffer->capacity = 0;
}

const char *vg_png_version(void) { return png_get_libpng_ver(NULL); }
