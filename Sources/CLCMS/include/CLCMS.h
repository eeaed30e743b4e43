#ifndef CLCMS_H
#define CLCMS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a conversion did. Every result but VG_ICC_CONVERTED leaves the
/// pixels exactly as they were.
enum {
    VG_ICC_CONVERTED = 0,        /* pixels now hold sRGB */
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

/// Converts straight-alpha RGBA8 pixels in place from `profile` to sRGB
/// (relative colorimetric; alpha copied). Rows are `stride` bytes apart.
/// An RGB profile goes through an lcms2 RGBA8 transform; a grey profile
/// maps R, G and B each through the grey tone curve (R = G = B stays so).
/// lcms2 never prints: errors land in `report->lcms_error`.
int vg_icc_to_srgb_rgba8(const uint8_t *profile, size_t profile_length,
                         uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                         vg_icc_report *report);

/// The lcms2 version linked in, e.g. 2140 for 2.14.
int vg_icc_lcms_version(void);

#ifdef __cplusplus
}
#endif

#endif
