// libavif is opened on first use: linked directly, it and the AV1 codecs
// it pulls in (aom, dav1d, rav1e) cost every process milliseconds of
// start-up, whether it touches an AVIF image or not.
#include "CAVIF.h"
#include "avif_library.h"

#include <CLoader.h>
#include <stdio.h>
#include <string.h>

struct vg_libavif libavif;

static vg_library vg_libavif_state = VG_LIBRARY_INITIALIZER;

#define VG_STRING(x) #x
#define VG_EXPANDED_STRING(x) VG_STRING(x)

// The SONAME of the ABI these headers describe. Other 0.x versions have no
// entry: they load only through libavif.so, the development link.
#if defined(__APPLE__)
#define VG_LIBAVIF_SONAME "libavif." VG_EXPANDED_STRING(AVIF_VERSION_MAJOR) ".dylib"
#elif AVIF_VERSION_MAJOR >= 1
#define VG_LIBAVIF_SONAME "libavif.so.16"
#elif AVIF_VERSION_MINOR == 11
#define VG_LIBAVIF_SONAME "libavif.so.15"
#elif AVIF_VERSION_MINOR == 10
#define VG_LIBAVIF_SONAME "libavif.so.14"
#else
#define VG_LIBAVIF_SONAME "libavif.so"
#endif

// Before 1.0 every minor version was a new ABI; from 1.0 on, the major version is.
#if AVIF_VERSION_MAJOR >= 1
#define VG_LIBAVIF_ABI VG_EXPANDED_STRING(AVIF_VERSION_MAJOR) "."
#else
#define VG_LIBAVIF_ABI VG_EXPANDED_STRING(AVIF_VERSION_MAJOR) "." VG_EXPANDED_STRING(AVIF_VERSION_MINOR) "."
#endif

static int vg_libavif_validate(char *failure, size_t length) {
    const char *version = libavif.avifVersion();
    if (strncmp(version, VG_LIBAVIF_ABI, strlen(VG_LIBAVIF_ABI)) == 0) return 1;
    snprintf(failure, length, "libavif %s is loaded, but Vignette was built with %d.%d.%d", version, AVIF_VERSION_MAJOR,
             AVIF_VERSION_MINOR, AVIF_VERSION_PATCH);
    return 0;
}

int vg_libavif_load(void) {
    static const char *const files[] = {VG_LIBAVIF_SONAME, "libavif.so"};
#define VG_LIBAVIF_NAME(name) #name,
    static const char *const names[] = {VG_LIBAVIF_FUNCTIONS(VG_LIBAVIF_NAME)};
#undef VG_LIBAVIF_NAME
    return vg_library_open(&vg_libavif_state, files, 2, names, (void **)&libavif, sizeof names / sizeof names[0],
                           vg_libavif_validate);
}

int vg_avif_library_failure(char *out, size_t length) {
    vg_libavif_load();
    return vg_library_failure(&vg_libavif_state, out, length);
}
