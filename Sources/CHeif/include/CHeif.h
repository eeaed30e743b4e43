#ifndef CHEIF_H
#define CHEIF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes of the HEIF shim; Swift maps them, never a message.
enum {
    VG_HEIF_OK = 0,
    VG_HEIF_NOT_HEIF = 1,        /* no ftyp box with a HEIF brand (or an AVIF one: AVIF's decoder takes it) */
    VG_HEIF_TRUNCATED = 2,       /* the data ends before the image does */
    VG_HEIF_MALFORMED = 3,       /* libheif or the codec rejected the container or bitstream */
    VG_HEIF_UNSUPPORTED = 4,     /* valid, but a feature libheif or this shim does not decode */
    VG_HEIF_TOO_LARGE = 5,       /* width * height exceeds the caller's pixel limit */
    VG_HEIF_SIDE_TOO_LONG = 6,   /* a side exceeds the caller's side limit */
    VG_HEIF_TOO_MANY_TILES = 7,  /* a grid or overlay names more images than the tile limit, or more pixels than it covers */
    VG_HEIF_NO_CODEC = 8,        /* libheif has no decoder for the image's codec (`codec` says which) */
    VG_HEIF_OUT_OF_MEMORY = 9,
    VG_HEIF_BAD_ARGUMENT = 10,
    VG_HEIF_NO_LIBRARY = 11      /* libheif could not be loaded: vg_heif_library_failure() says why */
};

/// The caller's limits, checked from the container before any decoding.
typedef struct {
    uint64_t max_pixels;         /* width * height of any image item */
    uint32_t max_side;           /* width or height of any image item */
    uint32_t max_tiles;          /* images one grid or overlay may combine */
} vg_heif_limits;

/// What the container says, read before any pixel memory is allocated.
typedef struct {
    uint32_t width;              /* as decoded: after the clap / irot / imir transforms */
    uint32_t height;
    uint32_t stored_width;       /* the primary item's ispe, before transforms */
    uint32_t stored_height;
    uint32_t depth;              /* luma bits per sample as stored (8, 10, 12) */
    int has_alpha;
    int alpha_premultiplied;
    int rotation;                /* irot: anticlockwise quarter turns 0...3 (0 when absent) */
    int mirror;                  /* imir: -1 absent, 0 top-bottom, 1 left-right */
    uint32_t tile_count;         /* images a grid primary combines, 0 for a coded image */
    size_t icc_size;             /* bytes of the ICC profile (colr prof/rICC), 0 when absent */
    int has_nclx;                /* a colr nclx box is present */
    uint16_t color_primaries;    /* its CICP code points (ITU-T H.273) */
    uint16_t transfer_characteristics;
    uint16_t matrix_coefficients;
    char codec[5];               /* the coded item type: "hvc1", "av01", "jpeg", ... (NUL-terminated) */
} vg_heif_info;

/// True when the bytes open with an ISO-BMFF `ftyp` box whose major brand
/// is a HEIF one (heic, heix, hevc, hevx, heim, heis, mif1, mif2, msf1) or
/// whose compatible brands name an HEVC one, and no brand says avif/avis.
int vg_heif_sniff(const uint8_t *data, size_t length);

/// Parses the container (no decoding) and checks the limits. On
/// VG_HEIF_TOO_LARGE / VG_HEIF_SIDE_TOO_LONG the offending width and height
/// are in `info` (stored_width / stored_height); on VG_HEIF_TOO_MANY_TILES,
/// `tile_count`; on VG_HEIF_NO_CODEC, `codec`. The ICC profile is copied
/// into `icc` when `icc_length` equals its size (NULL, 0 to learn the size).
int vg_heif_probe(const uint8_t *data, size_t length, vg_heif_limits limits, vg_heif_info *info,
                  uint8_t *icc, size_t icc_length);

/// Decodes the primary image to straight-alpha RGBA8 of exactly the probed
/// width x height (`out_length` bytes at least), with libheif's transforms
/// (clap, irot, imir) applied; an Exif orientation is not. 10- and 12-bit
/// samples are rounded to 8 bits (v * 255 / max, to nearest). No threads.
int vg_heif_decode_rgba8(const uint8_t *data, size_t length, vg_heif_limits limits,
                         uint8_t *out, size_t out_length, uint8_t *icc, size_t icc_length);

/// libheif's version, e.g. "1.15.1".
const char *vg_heif_version(void);
/* Opens libheif if it is not open (it is opened on first use): 1 when it is;
   0 with why not in `out` (NUL-terminated; 320 bytes hold any reason). */
int vg_heif_library_failure(char *out, size_t length);

/// The decoders libheif has, e.g. "HEVC: libde265 HEVC decoder 1.0.11; AV1: dav1d ...".
void vg_heif_decoders(char out[512]);

#ifdef __cplusplus
}
#endif

#endif
