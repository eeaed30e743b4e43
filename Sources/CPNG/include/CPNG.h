#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes shared by the PNG shims.
enum {
    VG_PNG_OK = 0,
    VG_PNG_MALFORMED = 1,       /* libpng rejected the data; message in err */
    VG_PNG_TOO_LARGE = 2,       /* width * height exceeds the caller's limit */
    VG_PNG_OUT_OF_MEMORY = 3,
    VG_PNG_BAD_ARGUMENT = 4,
    VG_PNG_NOT_PNG = 5          /* fewer than 8 bytes or no PNG signature */
};

/// The per-side cap when a caller passes 0 (the PNG format allows 2^31 - 1).
#define VG_PNG_DEFAULT_MAX_SIDE 65535u
/// The most bytes one ancillary chunk (iCCP, eXIf) may take once inflated:
/// an ICC profile's 4 MiB cap plus room. Longer chunks are dropped with a warning.
#define VG_PNG_MAX_CHUNK_BYTES ((size_t)(4u << 20) + 65536u)
/// The most ancillary chunks libpng keeps for one read; the rest are dropped.
#define VG_PNG_MAX_CACHED_CHUNKS 64u

/// Header facts read before any pixel memory is allocated.
typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;
    int interlaced;
    int has_alpha;   /* an alpha channel or a tRNS chunk */
    /* Text (tEXt, zTXt, iTXt) and sPLT chunks libpng parsed, each compressed
       one inflated: 0, as they are skipped unread (counted for tests). */
    uint32_t text_chunks;
} vg_png_info;

/// A growable byte buffer owned by C; free it with vg_buffer_free.
typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
} vg_buffer;

/// Encoder settings (zlib level 0...9, zlib strategy, libpng filter mask).
typedef struct {
    int level;
    int strategy;
    int filters;
} vg_png_encode_options;

/// Reads the header (and the chunks before the image data, hardened: text
/// and other chunks that never change a pixel are skipped unread). A side
/// over `max_side` (0: VG_PNG_DEFAULT_MAX_SIDE) is VG_PNG_MALFORMED.
int vg_png_read_info(const uint8_t *data, size_t length, uint32_t max_side, vg_png_info *info,
                     char *err, size_t err_length);

/// Decodes to straight-alpha RGBA8 (palette, grey, low bit depths, tRNS and
/// interlacing expanded; 16-bit samples rounded to 8). `out` must hold
/// width * height * 4 bytes; the limits are checked again from the header.
/// Only the rows the data holds are written (nothing is zero-filled).
/// `text_chunks` (may be NULL) gets vg_png_info.text_chunks of this read.
int vg_png_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels, uint32_t max_side,
                        uint8_t *out, size_t out_length, uint32_t *text_chunks,
                        char *err, size_t err_length);

/// Encodes 8-bit rows with `channels` 3 (RGB) or 4 (RGBA) bytes per pixel.
/// When `input_stride_channels` is 4 and `channels` is 3 the fourth byte of
/// every input pixel is dropped. No time or text chunks are written.
int vg_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                  int input_stride_channels, int channels,
                  vg_png_encode_options options, vg_buffer *out,
                  char *err, size_t err_length);

/// vg_png_encode through libpng's png_write_row for every image: the
/// reference the direct writer (images over 16 KiB of rows) is tested against.
int vg_png_encode_libpng(const uint8_t *pixels, uint32_t width, uint32_t height,
                         int input_stride_channels, int channels,
                         vg_png_encode_options options, vg_buffer *out,
                         char *err, size_t err_length);

/// Copies the decompressed iCCP profile into `out` (free it with
/// vg_buffer_free); `out->length` stays 0 when there is none, or when libpng
/// dropped it (corrupt, wrong colour space for the image, or longer than
/// `max_length` bytes). Only the chunks before the image data are read.
int vg_png_read_iccp(const uint8_t *data, size_t length, size_t max_length, vg_buffer *out,
                     char *err, size_t err_length);

void vg_buffer_free(vg_buffer *buffer);

const char *vg_png_version(void);

#ifdef __cplusplus
}
#endif

#endif
