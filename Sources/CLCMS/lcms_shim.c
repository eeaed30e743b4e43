// Converts embedded ICC profiles to sRGB with lcms2. Each call owns its own
// lcms2 context, so the error handler is per call (no global state, no
// locks) and lcms2 never prints: its errors become result codes.
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
        for (int k = 0; k < 4; k++, i++) {
            memcpy(p + i * 4, rgb[k], 3);
            p[i * 4 + 3] = 255;
        }
    }
    for (int r = 0; r < 256; r += 17)
        for (int g = 0; g < 256; g += 17)
            for (int b = 0; b < 256; b += 17, i++) {
                p[i * 4] = (uint8_t)r;
                p[i * 4 + 1] = (uint8_t)g;
                p[i * 4 + 2] = (uint8_t)b;
                p[i * 4 + 3] = 255;
            }
}

// 1 when the transform leaves every probe unchanged, 0 when not, -1 on failure.
static int vg_icc_is_identity(cmsHTRANSFORM transform) {
    uint8_t *probes = (uint8_t *)malloc(vg_icc_probe_count * 8);
    if (probes == NULL) return -1;
    uint8_t *out = probes + vg_icc_probe_count * 4;
    vg_icc_fill_probes(probes);
    cmsDoTransform(transform, probes, out, vg_icc_probe_count);
    int same = memcmp(probes, out, vg_icc_probe_count * 4) == 0;
    free(probes);
    return same;
}

static int vg_icc_convert_rgb(cmsContext context, cmsHPROFILE profile, uint8_t *pixels,
                              uint32_t width, uint32_t height, size_t stride) {
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
    if (srgb == NULL) return VG_ICC_OUT_OF_MEMORY;
    // Default optimisation on purpose: it is what makes the 8-bit path
    // integer (cmsFLAGS_NOOPTIMIZE would evaluate every pixel in floating
    // point through the full pipeline, slower and no more deterministic).
    cmsHTRANSFORM transform = cmsCreateTransformTHR(context, profile, TYPE_RGBA_8, srgb, TYPE_RGBA_8,
                                                    vg_icc_intent, cmsFLAGS_COPY_ALPHA);
    cmsCloseProfile(srgb);
    if (transform == NULL) return VG_ICC_TRANSFORM_FAILED;
    int identity = vg_icc_is_identity(transform);
    if (identity == 0) {
        // Same pixel size in and out, so lcms2 may read and write one buffer.
        cmsDoTransformLineStride(transform, pixels, pixels, width, height,
                                 (cmsUInt32Number)stride, (cmsUInt32Number)stride, 0, 0);
    }
    cmsDeleteTransform(transform);
    return identity < 0 ? VG_ICC_OUT_OF_MEMORY : identity ? VG_ICC_IDENTITY : VG_ICC_CONVERTED;
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

// A grey profile's 256 levels through lcms2 once, then a table per channel:
// decoders hand over grey as R = G = B, which stays so.
static int vg_icc_convert_grey(cmsContext context, cmsHPROFILE profile, uint8_t *pixels,
                               uint32_t width, uint32_t height, size_t stride) {
    cmsHPROFILE target = vg_icc_srgb_grey(context);
    if (target == NULL) return VG_ICC_OUT_OF_MEMORY;
    cmsHTRANSFORM transform = cmsCreateTransformTHR(context, profile, TYPE_GRAY_8, target, TYPE_GRAY_8,
                                                    vg_icc_intent, 0);
    cmsCloseProfile(target);
    if (transform == NULL) return VG_ICC_TRANSFORM_FAILED;
    uint8_t levels[256], table[256];
    for (int v = 0; v < 256; v++) levels[v] = (uint8_t)v;
    cmsDoTransform(transform, levels, table, 256);
    cmsDeleteTransform(transform);
    if (memcmp(levels, table, 256) == 0) return VG_ICC_IDENTITY;
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *row = pixels + (size_t)y * stride;
        for (uint32_t x = 0; x < width; x++) {
            row[x * 4] = table[row[x * 4]];
            row[x * 4 + 1] = table[row[x * 4 + 1]];
            row[x * 4 + 2] = table[row[x * 4 + 2]];
        }
    }
    return VG_ICC_CONVERTED;
}

static int vg_icc_convert(cmsContext context, const uint8_t *bytes, size_t length, uint8_t *pixels,
                          uint32_t width, uint32_t height, size_t stride, vg_icc_report *report) {
    cmsHPROFILE profile = cmsOpenProfileFromMemTHR(context, bytes, (cmsUInt32Number)length);
    if (profile == NULL) return VG_ICC_MALFORMED;
    cmsColorSpaceSignature space = cmsGetColorSpace(profile);
    report->color_space = (uint32_t)space;
    report->device_class = (uint32_t)cmsGetDeviceClass(profile);
    int rc = VG_ICC_UNSUPPORTED;
    if (vg_icc_usable_class(profile)) {
        if (space == cmsSigRgbData) rc = vg_icc_convert_rgb(context, profile, pixels, width, height, stride);
        if (space == cmsSigGrayData) rc = vg_icc_convert_grey(context, profile, pixels, width, height, stride);
    }
    cmsCloseProfile(profile);
    return rc;
}

int vg_icc_to_srgb_rgba8(const uint8_t *profile, size_t profile_length,
                         uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                         vg_icc_report *report) {
    vg_icc_report unused;
    if (report == NULL) report = &unused;
    report->color_space = 0;
    report->device_class = 0;
    report->lcms_error = 0;
    if (profile == NULL || pixels == NULL || stride < (size_t)width * 4 || stride > UINT32_MAX) {
        return VG_ICC_BAD_ARGUMENT;
    }
    // Shorter than an ICC header, or longer than any profile lcms2 can address.
    if (profile_length < 128 || profile_length > UINT32_MAX) return VG_ICC_MALFORMED;
    vg_icc_errors errors = {0};
    cmsContext context = cmsCreateContext(NULL, &errors);
    if (context == NULL) return VG_ICC_OUT_OF_MEMORY;
    cmsSetLogErrorHandlerTHR(context, vg_icc_log);
    int rc = vg_icc_convert(context, profile, profile_length, pixels, width, height, stride, report);
    cmsDeleteContext(context);
    report->lcms_error = errors.last_error;
    return rc;
}

int vg_icc_lcms_version(void) { return cmsGetEncodedCMMversion(); }
