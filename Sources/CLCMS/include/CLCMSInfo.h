#ifndef CLCMS_INFO_H
#define CLCMS_INFO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Writes the profile's description (lcms2 cmsGetProfileInfoASCII,
/// cmsInfoDescription, language "en" country "US") into `out`, NUL
/// terminated and cut to `capacity` - 1 bytes. Returns the length written,
/// 0 when the profile cannot be read or has no description. lcms2 never
/// prints: errors go to a context that ignores them.
size_t vg_icc_profile_description(const uint8_t *profile, size_t profile_length, char *out, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
