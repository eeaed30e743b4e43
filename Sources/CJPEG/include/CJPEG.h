#ifndef CJPEG_H
#define CJPEG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes of the JPEG shim (decided from libjpeg's message codes, never its text).
enum {
    VG_JPEG_OK = 0,
    VG_JPEG_MALFORMED = 1,      /* corrupt or truncated data; message in err */
    VG_JPEG_TOO_LARGE = 2,      /* width * height exceeds the caller's limit */
    VG_JPEG_OUT_OF_MEMORY = 3,
    VG_JPEG_BAD_ARGUMENT = 4,
    VG_JPEG_NOT_JPEG = 5,       /* no SOI marker */
    VG_JPEG_UNSUPPORTED = 6,    /* valid JPEG this build cannot decode (12-bit, odd components) */
    VG_JPEG_TRUNCATED = 7,      /* the data ends before the image does */
    VG_JPEG_DAMAGED = 8         /* strict decode: corrupt entropy data libjpeg could conceal */
};

/// How the samples are stored (libjpeg's jpeg_color_space, after the
/// JFIF/Adobe markers are taken into account).
enum {
    VG_JPEG_COLOR_UNKNOWN = 0,
    VG_JPEG_COLOR_GREY = 1,
    VG_JPEG_COLOR_RGB = 2,
    VG_JPEG_COLOR_YCBCR = 3,
    VG_JPEG_COLOR_CMYK = 4,
    VG_JPEG_COLOR_YCCK = 5
};

/// Header facts and metadata, read before any pixel memory is allocated.
/// `exif` and `icc` are owned by C: release them with vg_jpeg_info_free.
typedef struct {
    uint32_t width;
    uint32_t height;
    int components;
    int color_space;            /* VG_JPEG_COLOR_* */
    int progressive;
    int arithmetic;
    int precision;              /* bits per sample */
    int adobe_transform;        /* APP14 transform code, -1 without an Adobe marker */
    uint8_t *exif;              /* first APP1 "Exif\0\0" payload (header included), or NULL */
    size_t exif_length;
    uint8_t *icc;               /* APP2 ICC_PROFILE chunks joined in sequence order, or NULL */
    size_t icc_length;
} vg_jpeg_info;

/// Encoder settings.
typedef struct {
    int quality;                /* 1...100 */
    int progressive;            /* non-zero: progressive scans */
    int subsample;              /* non-zero: 4:2:0 chroma, else 4:4:4 */
    int optimize_coding;        /* non-zero: Huffman tables fitted to the image (a second pass) */
} vg_jpeg_encode_options;

/// Reads the header and the Exif / ICC markers (an incomplete or
/// inconsistent ICC chunk set gives no profile). Allocates no pixels.
int vg_jpeg_read_info(const uint8_t *data, size_t length, vg_jpeg_info *info,
                      char *err, size_t err_length);

void vg_jpeg_info_free(vg_jpeg_info *info);

/// Decodes to RGBA8 (alpha 255) at 1/`scale_denom` (1, 2, 4 or 8) with the
/// accurate integer IDCT and fancy upsampling. CMYK and YCCK become RGB.
/// `out` must hold out_width * out_height * 4 bytes, where out_width is
/// ceil(width / scale_denom). The header's width * height is checked against
/// `max_pixels` before libjpeg allocates anything for the image. Truncated
/// data is an error, never a partly grey image; so is corrupt entropy data
/// (this call is strict).
int vg_jpeg_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels,
                         int scale_denom, uint8_t *out, size_t out_length,
                         char *err, size_t err_length);

/// The same decode keeping only output columns [crop_x, crop_x + crop_width)
/// of every row (crop_width 0: all). libjpeg skips the inverse DCT, upsampling
/// and colour conversion of the blocks outside; every row is still read, so
/// damage anywhere in the file is still seen. `out` holds
/// crop_width * out_height * 4 bytes.
/// With `strict` 0, corrupt entropy data in a complete file (a bad Huffman
/// code, a marker inside a segment, a lost restart marker) is concealed as
/// libjpeg does and browsers show (strict: VG_JPEG_DAMAGED, the warning's
/// message in `err`): the result is VG_JPEG_OK, `*damage_count`
/// (when not NULL) says how many warnings were passed over, and `err` holds
/// the first one's message. Truncation is always VG_JPEG_TRUNCATED.
int vg_jpeg_decode_rgba8_columns(const uint8_t *data, size_t length, uint64_t max_pixels,
                                 int scale_denom, uint32_t crop_x, uint32_t crop_width,
                                 int strict, int *damage_count,
                                 uint8_t *out, size_t out_length, char *err, size_t err_length);

/// Encodes RGBX8 rows (the fourth byte of every pixel is ignored) as a
/// three-component YCbCr JFIF with optimised Huffman tables. The output is
/// malloc'd; release it with vg_jpeg_free. No time or text is written.
int vg_jpeg_encode_rgbx8(const uint8_t *pixels, uint32_t width, uint32_t height,
                         vg_jpeg_encode_options options, uint8_t **out, size_t *out_length,
                         char *err, size_t err_length);

void vg_jpeg_free(void *bytes);

/// The libjpeg-turbo version this shim was built against, e.g. "2.1.5".
const char *vg_jpeg_version(void);

#ifdef __cplusplus
}
#endif

#endif
