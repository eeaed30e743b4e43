// The encoder: every libpng call of one encode stays inside one C function
// with its own setjmp, so libpng's longjmp never crosses a Swift frame.
#include "png_private.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

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
    if (io != NULL) vg_png_set_error(io->err, io->err_length, message);
    png_longjmp(png, 1);
}

static int vg_png_encode_arguments_valid(const uint8_t *pixels, uint32_t width, uint32_t height,
                                         int input_stride_channels, int channels, vg_buffer *out) {
    if (pixels == NULL || out == NULL || width == 0 || height == 0) return 0;
    return (channels == 4 && input_stride_channels == 4) ||
           (channels == 3 && (input_stride_channels == 3 || input_stride_channels == 4));
}

int vg_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                  int input_stride_channels, int channels,
                  vg_png_encode_options options, vg_buffer *out,
                  char *err, size_t err_length) {
    if (!vg_png_encode_arguments_valid(pixels, width, height, input_stride_channels, channels, out)) {
        return VG_PNG_BAD_ARGUMENT;
    }
    // libpng narrows zlib's window (and rewrites the zlib header) for 16 KiB
    // of rows or less: those stay with libpng, as do masks it would refuse.
    size_t rows = ((size_t)width * (size_t)channels + 1) * height;
    int mask = options.filters;
    if (rows > 16384 && mask != 0 && (mask & ~PNG_ALL_FILTERS) == 0 && options.level >= 0 && options.level <= 9
        && options.strategy >= 0 && options.strategy <= 4) {
        return vg_png_encode_direct(pixels, width, height, input_stride_channels, channels, options, out);
    }
    return vg_png_encode_libpng(pixels, width, height, input_stride_channels, channels, options, out, err, err_length);
}

int vg_png_encode_libpng(const uint8_t *pixels, uint32_t width, uint32_t height,
                         int input_stride_channels, int channels,
                         vg_png_encode_options options, vg_buffer *out,
                         char *err, size_t err_length) {
    if (!vg_png_encode_arguments_valid(pixels, width, height, input_stride_channels, channels, out)) {
        return VG_PNG_BAD_ARGUMENT;
    }
    out->data = NULL;
    out->length = 0;
    out->capacity = 0;
    vg_writer io = {out, err, err_length};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &io, vg_write_error_fn, vg_png_warning_fn);
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
    // libpng writes an IDAT chunk each time this buffer fills. A small image's
    // whole stream fits in deflate's bound for its rows, so sizing the buffer
    // to that keeps one chunk (the same bytes) without a 128 KiB allocation.
    size_t row_bytes = 1 + (size_t)width * (size_t)channels;
    size_t raw = row_bytes * height;
    size_t bound = raw + ((raw + 7) >> 3) + ((raw + 63) >> 6) + 64;  // zlib's bound for any settings
    png_set_compression_buffer_size(png, bound < ((size_t)1 << 17) ? bound : ((size_t)1 << 17));
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

void vg_buffer_free(vg_buffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->length = 0;
    buffer->capacity = 0;
}

