// Reads an ICC profile's description for `vignette info` and the server's
// /info: the text only, no transform is built.
#include "CLCMSInfo.h"

#include <lcms2.h>
#include <string.h>

static void vg_icc_info_ignore_errors(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)context;
    (void)code;
    (void)text;
}

size_t vg_icc_profile_description(const uint8_t *profile, size_t profile_length, char *out, size_t capacity) {
    if (out == NULL || capacity == 0) return 0;
    out[0] = 0;
    if (profile == NULL || profile_length < 128 || profile_length > 0x7FFFFFFF) return 0;
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (context == NULL) return 0;
    cmsSetLogErrorHandlerTHR(context, vg_icc_info_ignore_errors);
    cmsHPROFILE handle = cmsOpenProfileFromMemTHR(context, profile, (cmsUInt32Number)profile_length);
    size_t written = 0;
    if (handle != NULL) {
        cmsUInt32Number needed = cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", out, (cmsUInt32Number)capacity);
        out[capacity - 1] = 0;
        written = needed > 0 ? strlen(out) : 0;
        if (needed == 0) out[0] = 0;
        cmsCloseProfile(handle);
    }
    cmsDeleteContext(context);
    return written;
}
