#ifndef CWEBP_H
#define CWEBP_H

#include <stddef.h>
#include <stdint.h>

#include "webp_anim_decode.h"
#include "CWebPAnimEncode.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes of the WebP shim; Swift maps them, never a message.
enum {
    VG_WEBP_OK = 0,
    VG_WEBP_NOT_WEBP = 1,        /* no RIFF....WEBP header */
    VG_WEBP_TRUNCATED = 2,       /* the data ends before the image does */
    VG_WEBP_MALFORMED = 3,       /* libwebp rejected the bitstream or container */
    VG_WEBP_UNSUPPORTED = 4,     /* a feature libwebp does not decode */
    VG_WEBP_TOO_LARGE = 5,       /* width * height exceeds the caller's limit */
    VG_WEBP_OUT_OF_MEMORY = 6,
    VG_WEBP_BAD_ARGUMENT = 7,
    VG_WEBP_BAD_DIMENSION = 8,   /* encode: a side is 0 or over 16383 */
    VG_WEBP_ENCODE_FAILED = 9    /* encode: any other libwebp encoder error */
};

/// What a file holds, read before any pixel memory is allocated. Chunk
/// payloads are byte ranges of the caller's data (size 0 when absent).
typedef struct {
    uint32_t width;           /* canvas width */
    uint32_t height;          /* canvas height */
    int has_alpha;            /* an alpha channel, or canvas left uncovered by the first frame */
    int has_animation;
    int frame_count;
    int scalable;             /* the first frame covers the canvas: scaled decoding applies */
    size_t iccp_offset, iccp_size;
    size_t exif_offset, exif_size;
} vg_webp_info;

/// Reads the header. When width * height exceeds `max_pixels` it returns
/// VG_WEBP_TOO_LARGE with `width` and `height` filled and parses no further.
int vg_webp_probe(const uint8_t *data, size_t length, uint64_t max_pixels, vg_webp_info *info);

/// Decodes the still image, or an animation's first frame over a
/// transparent canvas, to straight-alpha RGBA8 of `out_width` x
/// `out_height` (smaller than the canvas only when `scalable`). `out` must
/// hold out_width * out_height * 4 bytes. Nothing is written on a size or
/// limit error; on a decoding error `out` holds no complete image.
int vg_webp_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels,
                         uint32_t out_width, uint32_t out_height,
                         uint8_t *out, size_t out_length);

/// Encoder settings: quality 0...100 (lossy), lossless 0/1.
typedef struct {
    float quality;
    int lossless;
} vg_webp_encode_options;

/// Encodes straight-alpha RGBA8 rows; with `opaque` set the alpha bytes are
/// ignored and no alpha is written. Single-threaded, so bytes are the same
/// on every run. Free `*out` with vg_webp_free.
int vg_webp_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int opaque,
                   vg_webp_encode_options options, uint8_t **out, size_t *out_length);

void vg_webp_free(void *pointer);

/// libwebp's decoder version packed as 0xMMmmpp (e.g. 0x010204 for 1.2.4).
int vg_webp_version(void);

#ifdef __cplusplus
}
#endif

#endif
