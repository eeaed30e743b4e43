// Writes an RGB matrix-shaper ICC profile from chromaticities and a tone
// curve, so colour described only by CICP code points (an AVIF's nclx box)
// goes through the same lcms2 conversion to sRGB as an embedded profile.
//
// Determinism: lcms2 derives the colorants (Bradford-adapted to D50) in
// floating point inside the one shared library debug and release builds
// both link, and stores them as s15Fixed16 numbers. The only data in the
// file that is not a function of the arguments, the creation date, is
// zeroed, so the same arguments always give the same bytes.
#include "CLCMS.h"

#include <lcms2.h>
#include <string.h>

static void vg_icc_ignore_errors(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)context;
    (void)code;
    (void)text;
}

static cmsHPROFILE vg_icc_rgb_from_xy(cmsContext context, const double xy[8], int curve_type, const double params[5]) {
    const cmsCIExyY white = {xy[6], xy[7], 1.0};
    const cmsCIExyYTRIPLE primaries = {{xy[0], xy[1], 1.0}, {xy[2], xy[3], 1.0}, {xy[4], xy[5], 1.0}};
    cmsToneCurve *curve = cmsBuildParametricToneCurve(context, curve_type, params);
    if (curve == NULL) return NULL;
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE profile = cmsCreateRGBProfileTHR(context, &white, &primaries, curves);
    cmsFreeToneCurve(curve);
    return profile;
}

int vg_icc_rgb_profile_create(const double xy[8], int curve_type, const double params[5],
                              uint8_t *out, size_t capacity, size_t *length) {
    if (xy == NULL || params == NULL || length == NULL) return VG_ICC_BAD_ARGUMENT;
    if (curve_type != 1 && curve_type != 4) return VG_ICC_BAD_ARGUMENT;
    *length = 0;
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (context == NULL) return VG_ICC_OUT_OF_MEMORY;
    cmsSetLogErrorHandlerTHR(context, vg_icc_ignore_errors);
    int rc = VG_ICC_TRANSFORM_FAILED;
    cmsHPROFILE profile = vg_icc_rgb_from_xy(context, xy, curve_type, params);
    cmsUInt32Number needed = 0;
    if (profile != NULL && cmsSaveProfileToMem(profile, NULL, &needed)) {
        *length = needed;
        rc = VG_ICC_BAD_ARGUMENT;
        if (out != NULL && needed <= capacity && cmsSaveProfileToMem(profile, out, &needed)) {
            // Bytes 24-35 of the header: the creation date and time.
            if (needed >= 36) memset(out + 24, 0, 12);
            rc = VG_ICC_CONVERTED;
        }
    }
    if (profile != NULL) cmsCloseProfile(profile);
    cmsDeleteContext(context);
    return rc;
}
