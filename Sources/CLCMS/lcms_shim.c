// Converts embedded ICC profiles to sRGB with lcms2. Each transform owns its
// own lcms2 context, so the error handler is per transform (no global state,
// no locks) and lcms2 never prints: its errors become result codes.
//
// Determinism: this file does no arithmetic on pixels. lcms2 builds its
// tables once per transform (in floating point, inside the one shared
// library that debug and release builds both link) and then evaluates 8-bit
// pixels in integer arithmetic: 1.14 fixed point for matrix-shaper profiles,
// integer tetrahedral interpolation for table-based ones.
#include "CLCMS.h"

#include <lcms2.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    cmsUInt32Number last_error;
} vg_icc_errors;

struct vg_icc_transform {
    cmsContext context;   // owns `rgb`; NULL once a grey table is made
    cmsHTRANSFORM rgb;    // NULL for a grey profile
    uint8_t grey[256];    // a grey profile's sRGB level for each level
    vg_icc_errors errors; // the context's user data, so it lives as long as the context
};

static void vg_icc_log(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)text;
    vg_icc_errors *errors = (vg_icc_errors *)cmsGetContextUserData(context);
    if (errors != NULL) errors->last_error = code;
}

// Relative colorimetric: in-gamut colours stay exact and out-of-gamut ones
// clip, as browsers show tagged images. Matrix-shaper profiles (Display P3,
// Adobe RGB, sRGB: nearly every photo) have no perceptual tables, so for
// them every intent gives the same pixels; the choice matters only for
// table-based profiles, whose perceptual tables differ from vendor to vendor.
static const cmsUInt32Number vg_icc_intent = INTENT_RELATIVE_COLORIMETRIC;

static int vg_icc_usable_class(cmsHPROFILE profile) {
    switch (cmsGetDeviceClass(profile)) {
    case cmsSigInputClass:
    case cmsSigDisplayClass:
    case cmsSigOutputClass:
    case cmsSigColorSpaceClass:
        break;
    default:
        return 0; // device links, abstract and named-colour profiles describe no image colours
    }
    cmsColorSpaceSignature pcs = cmsGetPCS(profile);
    return pcs == cmsSigXYZData || pcs == cmsSigLabData;
}

// The colours that decide whether a transform is the identity: every grey,
// every level of each primary alone, and a 16-level cube of mixtures.
enum { vg_icc_probe_count = 256 * 4 + 16 * 16 * 16 };

static void vg_icc_fill_probes(uint8_t *p) {
    size_t i = 0;
    for (int v = 0; v < 256; v++) {
        const uint8_t l = (uint8_t)v;
        const uint8_t rgb[4][3] = {{l, l, l}, {l, 0, 0}, {0, l, 0}, {0, 0, l}};
        for (int k = 0; k < 4; k++, i++) memcpy(p + i * 3, rgb[k], 3);
    }
    for (int r = 0; r < 256; r += 17)
        for (int g = 0; g < 256; g += 17)
            for (int b = 0; b < 256; b += 17, i++) {
                p[i * 3] = (uint8_t)r;
                p[i * 3 + 1] = (uint8_t)g;
                p[i * 3 + 2] = (uint8_t)b;
            }
}

// 1 when the transform leaves every probe unchanged, 0 when not, -1 on failure.
static int vg_icc_is_identity(cmsHTRANSFORM transform) {
    uint8_t *probes = (uint8_t *)malloc(vg_icc_probe_count * 6);
    if (probes == NULL) return -1;
    uint8_t *out = probes + vg_icc_probe_count * 3;
    vg_icc_fill_probes(probes);
    cmsDoTransform(transform, probes, out, vg_icc_probe_count);
    int same = memcmp(probes, out, vg_icc_probe_count * 3) == 0;
    free(probes);
    return same;
}

static int vg_icc_prepare_rgb(vg_icc_transform *t, cmsHPROFILE profile) {
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(t->context);
    if (srgb == NULL) return VG_ICC_OUT_OF_MEMORY;
    // Default optimisation on purpose: it is what makes the 8-bit path
    // integer (cmsFLAGS_NOOPTIMIZE would evaluate every pixel in floating
    // point through the whole pipeline, 15x slower and no more deterministic).
    // No 1-pixel cache, so threads may share the transform. RGB, not RGBA:
    // lcms2's 3-byte formatters make the same pixels 1.7x faster than its
    // generic one for RGBA, so apply() packs RGB and leaves alpha alone.
    t->rgb = cmsCreateTransformTHR(t->context, profile, TYPE_RGB_8, srgb, TYPE_RGB_8, vg_icc_intent,
                                   cmsFLAGS_NOCACHE);
    cmsCloseProfile(srgb);
    if (t->rgb == NULL) return VG_ICC_TRANSFORM_FAILED;
    int identity = vg_icc_is_identity(t->rgb);
    if (identity < 0) return VG_ICC_OUT_OF_MEMORY;
    return identity ? VG_ICC_IDENTITY : VG_ICC_CONVERTED;
}

// sRGB's tone curve as a grey profile: grey in, sRGB-encoded grey out.
static cmsHPROFILE vg_icc_srgb_grey(cmsContext context) {
    const cmsFloat64Number srgb_curve[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
    cmsToneCurve *curve = cmsBuildParametricToneCurve(context, 4, srgb_curve);
    if (curve == NULL) return NULL;
    cmsHPROFILE grey = cmsCreateGrayProfileTHR(context, cmsD50_xyY(), curve);
    cmsFreeToneCurve(curve);
    return grey;
}

// A grey profile's 256 levels go through lcms2 once; pixels then go
// through the table, each of R, G and B (decoders hand grey over as R = G = B).
static int vg_icc_prepare_grey(vg_icc_transform *t, cmsHPROFILE profile) {
    cmsHPROFILE target = vg_icc_srgb_grey(t->context);
    if (target == NULL) return VG_ICC_OUT_OF_MEMORY;
    cmsHTRANSFORM transform = cmsCreateTransformTHR(t->context, profile, TYPE_GRAY_8, target, TYPE_GRAY_8,
                                                    vg_icc_intent, cmsFLAGS_NOCACHE);
    cmsCloseProfile(target);
    if (transform == NULL) return VG_ICC_TRANSFORM_FAILED;
    uint8_t levels[256];
    for (int v = 0; v < 256; v++) levels[v] = (uint8_t)v;
    cmsDoTransform(transform, levels, t->grey, 256);
    cmsDeleteTransform(transform);
    return memcmp(levels, t->grey, 256) == 0 ? VG_ICC_IDENTITY : VG_ICC_CONVERTED;
}

static int vg_icc_prepare(vg_icc_transform *t, const uint8_t *bytes, size_t length, vg_icc_report *report) {
    cmsHPROFILE profile = cmsOpenProfileFromMemTHR(t->context, bytes, (cmsUInt32Number)length);
    if (profile == NULL) return VG_ICC_MALFORMED;
    cmsColorSpaceSignature space = cmsGetColorSpace(profile);
    report->color_space = (uint32_t)space;
    report->device_class = (uint32_t)cmsGetDeviceClass(profile);
    int rc = VG_ICC_UNSUPPORTED;
    if (vg_icc_usable_class(profile)) {
        if (space == cmsSigRgbData) rc = vg_icc_prepare_rgb(t, profile);
        if (space == cmsSigGrayData) rc = vg_icc_prepare_grey(t, profile);
    }
    cmsCloseProfile(profile);
    return rc;
}

vg_icc_transform *vg_icc_transform_create(const uint8_t *profile, size_t profile_length,
                                          int *result, vg_icc_report *report) {
    int unused_result;
    vg_icc_report unused_report;
    if (result == NULL) result = &unused_result;
    if (report == NULL) report = &unused_report;
    memset(report, 0, sizeof(*report));
    *result = VG_ICC_BAD_ARGUMENT;
    if (profile == NULL) return NULL;
    // Shorter than an ICC header, or longer than any profile lcms2 can address.
    *result = VG_ICC_MALFORMED;
    if (profile_length < 128 || profile_length > UINT32_MAX) return NULL;
    *result = VG_ICC_OUT_OF_MEMORY;
    vg_icc_transform *t = (vg_icc_transform *)calloc(1, sizeof(vg_icc_transform));
    if (t == NULL) return NULL;
    t->context = cmsCreateContext(NULL, &t->errors);
    if (t->context == NULL) {
        free(t);
        return NULL;
    }
    cmsSetLogErrorHandlerTHR(t->context, vg_icc_log);
    *result = vg_icc_prepare(t, profile, profile_length, report);
    report->lcms_error = t->errors.last_error;
    if (*result != VG_ICC_CONVERTED) {
        vg_icc_transform_free(t);
        return NULL;
    }
    if (t->rgb == NULL) {
        cmsDeleteContext(t->context);
        t->context = NULL;
    }
    return t;
}

// One row through the RGB transform, a stack chunk at a time.
static void vg_icc_apply_rgb_row(cmsHTRANSFORM rgb, uint8_t *row, uint32_t width) {
    enum { chunk = 2048 };
    uint8_t packed[chunk * 3];
    for (uint32_t start = 0; start < width; start += chunk) {
        uint32_t count = width - start < chunk ? width - start : chunk;
        uint8_t *p = row + (size_t)start * 4;
        for (uint32_t i = 0; i < count; i++) memcpy(packed + i * 3, p + i * 4, 3);
        cmsDoTransform(rgb, packed, packed, count);
        for (uint32_t i = 0; i < count; i++) memcpy(p + i * 4, packed + i * 3, 3);
    }
}

void vg_icc_transform_apply(const vg_icc_transform *t, uint8_t *pixels,
                            uint32_t width, uint32_t height, size_t stride) {
    if (t == NULL || pixels == NULL || stride < (size_t)width * 4) return;
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *row = pixels + (size_t)y * stride;
        if (t->rgb != NULL) {
            vg_icc_apply_rgb_row(t->rgb, row, width);
            continue;
        }
        for (uint32_t x = 0; x < width; x++) {
            row[x * 4] = t->grey[row[x * 4]];
            row[x * 4 + 1] = t->grey[row[x * 4 + 1]];
            row[x * 4 + 2] = t->grey[row[x * 4 + 2]];
        }
    }
}

void vg_icc_transform_free(vg_icc_transform *t) {
    if (t == NULL) return;
    if (t->rgb != NULL) cmsDeleteTransform(t->rgb);
    if (t->context != NULL) cmsDeleteContext(t->context);
    free(t);
}

int vg_icc_lcms_version(void) { return cmsGetEncodedCMMversion(); }
