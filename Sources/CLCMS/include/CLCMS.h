#ifndef CLCMS_H
#define CLCMS_H

#include <stddef.h>
#include <stdint.h>
#include "CLCMSInfo.h"

#ifdef __cplusplus
extern "C" {
#endif

/// What preparing a conversion found. Only VG_ICC_CONVERTED gives a
/// transform to apply; the pixels of every other case stay as they are.
enum {
    VG_ICC_CONVERTED = 0,        /* a transform to apply */
    VG_ICC_IDENTITY = 1,         /* the profile maps every probe colour to itself (an sRGB profile) */
    VG_ICC_MALFORMED = 2,        /* lcms2 could not read the profile */
    VG_ICC_UNSUPPORTED = 3,      /* not an RGB or grey input profile (CMYK, Lab, device link, ...) */
    VG_ICC_TRANSFORM_FAILED = 4, /* lcms2 read the profile but could not build a transform from it */
    VG_ICC_OUT_OF_MEMORY = 5,
    VG_ICC_BAD_ARGUMENT = 6
};

/// The facts a conversion reports besides its result code.
typedef struct {
    uint32_t color_space;  /* the profile's data colour space signature ('RGB ', 'GRAY', ...), 0 if unread */
    uint32_t device_class; /* its device class signature ('mntr', 'link', ...), 0 if unread */
    uint32_t lcms_error;   /* the last cmsERROR_* code lcms2 reported, 0 when none */
} vg_icc_report;

/// A prepared conversion from one profile to sRGB: immutable once made, so
/// several threads may apply it at once.
typedef struct vg_icc_transform vg_icc_transform;

/// Reads `profile` and prepares the conversion of straight-alpha RGBA8 from
/// it to sRGB (relative colorimetric; alpha untouched). An RGB profile
/// becomes an lcms2 RGB8 transform; a grey profile a table mapping R, G and B each
/// through the grey tone curve (R = G = B stays so). Returns NULL, with the
/// reason in `*result`, unless `*result` is VG_ICC_CONVERTED: for
/// VG_ICC_IDENTITY there is nothing to apply. lcms2 never prints: its errors
/// land in `report->lcms_error`.
vg_icc_transform *vg_icc_transform_create(const uint8_t *profile, size_t profile_length,
                                          int *result, vg_icc_report *report);

/// Converts `height` rows of `width` pixels, `stride` bytes apart, in place.
void vg_icc_transform_apply(const vg_icc_transform *transform, uint8_t *pixels,
                            uint32_t width, uint32_t height, size_t stride);

void vg_icc_transform_free(vg_icc_transform *transform);

/// Writes an ICC RGB matrix-shaper profile (as lcms2 builds one, creation
/// date zeroed) for the chromaticities `xy` — red x, y, green x, y, blue
/// x, y, white x, y — with one tone curve for all three channels: lcms2
/// parametric `curve_type` 1 (Y = X^g; params g) or 4 (Y = (aX + b)^g for
/// X >= d, else cX; params g, a, b, c, d), mapping encoded values to
/// linear light. Stores the size in `*length` and, when it fits
/// `capacity`, the profile in `out` (VG_ICC_CONVERTED). VG_ICC_BAD_ARGUMENT
/// when `out` is too small (call again with `*length` bytes);
/// VG_ICC_TRANSFORM_FAILED when lcms2 refuses the chromaticities.
int vg_icc_rgb_profile_create(const double xy[8], int curve_type, const double params[5],
                              uint8_t *out, size_t capacity, size_t *length);

/// The lcms2 version linked in, e.g. 2140 for 2.14.
int vg_icc_lcms_version(void);

#ifdef __cplusplus
}
#endif

#endif
