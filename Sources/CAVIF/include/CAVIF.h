#ifndef CAVIF_H
#define CAVIF_H

#include <stddef.h>
#include <stdint.h>

#include "avif_encode.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes of the AVIF shim; Swift maps them, never a message.
enum {
    VG_AVIF_OK = 0,
    VG_AVIF_NOT_AVIF = 1,       /* no ftyp box naming the avif or avis brand */
    VG_AVIF_TRUNCATED = 2,      /* the data ends before the image does */
    VG_AVIF_MALFORMED = 3,      /* libavif or the AV1 decoder rejected the container or bitstream */
    VG_AVIF_UNSUPPORTED = 4,    /* a feature or bit depth libavif does not decode */
    VG_AVIF_TOO_LARGE = 5,      /* width * height exceeds the caller's limit */
    VG_AVIF_OUT_OF_MEMORY = 6,
    VG_AVIF_BAD_ARGUMENT = 7,
    VG_AVIF_NO_LIBRARY = 9      /* libavif could not be loaded: vg_avif_library_failure() says why (8: avif_encode.h) */
};

/// What the container says, read before any pixel memory is allocated.
typedef struct {
    uint32_t width;
    uint32_t height;
    uint32_t depth;             /* bits per sample as stored (8, 10 or 12) */
    int has_alpha;              /* an alpha auxiliary image is present */
    int alpha_premultiplied;    /* colour is stored premultiplied ('prem'); decoding undoes it */
    int image_count;            /* 1 for a still image; frames of a sequence */
    int rotation;               /* irot: anticlockwise quarter turns 0...3 (0 when absent) */
    int mirror;                 /* imir: -1 absent, 0 top-bottom, 1 left-right (applied after irot) */
    size_t icc_size;            /* bytes of the colr ICC profile, 0 when absent */
    uint16_t color_primaries;   /* CICP (nclx) code points, as libavif reports them */
    uint16_t transfer_characteristics;
    uint16_t matrix_coefficients;
} vg_avif_info;

/// True when the bytes open with an ISO-BMFF `ftyp` box whose major or a
/// compatible brand is `avif` or `avis`.
int vg_avif_sniff(const uint8_t *data, size_t length);

/// Parses the container (no AV1 decoding). When width * height exceeds
/// `max_pixels` it returns VG_AVIF_TOO_LARGE with width and height filled
/// when they could be read. The ICC profile is copied into `icc` when
/// `icc_length` equals its size (pass NULL, 0 to learn the size first).
int vg_avif_probe(const uint8_t *data, size_t length, uint64_t max_pixels, vg_avif_info *info,
                  uint8_t *icc, size_t icc_length);

/// Decodes the first image to straight-alpha RGBA8 of exactly the probed
/// width x height (`out_length` bytes at least), stored orientation, and
/// copies the ICC profile as vg_avif_probe does.
/// Single-threaded; chroma is upsampled bilinearly (libyuv's kernels, whose
/// SIMD and C paths agree byte for byte), so pixels are the same on every CPU.
int vg_avif_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels,
                         uint8_t *out, size_t out_length, uint8_t *icc, size_t icc_length);

/// libavif's version, e.g. "0.11.1".
const char *vg_avif_version(void);
/* Opens libavif if it is not open (it is opened on first use): 1 when it is;
   0 with why not in `out` (NUL-terminated; 320 bytes hold any reason). */
int vg_avif_library_failure(char *out, size_t length);

/// The AV1 codecs libavif was built with, e.g. "dav1d [dec]:1.0.0, aom [enc/dec]:v3.6.0".
void vg_avif_codec_versions(char out[256]);

#ifdef __cplusplus
}
#endif

#endif
