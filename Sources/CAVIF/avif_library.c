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

// The SONAME of the ABI these headers describe (libavif's SOVERSION, not its
// version: 1.x is 16 on both systems). Other 0.x versions have no entry:
// they load only through the development link, libavif.so or libavif.dylib.
#if AVIF_VERSION_MAJOR >= 1
#define VG_LIBAVIF_SOVERSION "16"
#elif AVIF_VERSION_MINOR == 11
#define VG_LIBAVIF_SOVERSION "15"
#elif AVIF_VERSION_MINOR == 10
#define VG_LIBAVIF_SOVERSION "14"
#endif

#if defined(__APPLE__)
#define VG_LIBAVIF_DEVELOPMENT "libavif.dylib"
#ifdef VG_LIBAVIF_SOVERSION
#define VG_LIBAVIF_SONAME "libavif." VG_LIBAVIF_SOVERSION ".dylib"
#endif
#else
#define VG_LIBAVIF_DEVELOPMENT "libavif.so"
#ifdef VG_LIBAVIF_SOVERSION
#define VG_LIBAVIF_SONAME "libavif.so." VG_LIBAVIF_SOVERSION
#endif
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
    static const char *const files[] = {
#ifdef VG_LIBAVIF_SONAME
        VG_LIBAVIF_SONAME,
#if defined(__APPLE__)
        // dyld looks for a bare name in neither of Homebrew's lib folders (Apple Silicon's
        // /opt/homebrew/lib never; /usr/local/lib only while DYLD_FALLBACK_LIBRARY_PATH is unset).
        "/opt/homebrew/lib/" VG_LIBAVIF_SONAME,
        "/usr/local/lib/" VG_LIBAVIF_SONAME,
#endif
#endif
        VG_LIBAVIF_DEVELOPMENT,
    };
#define VG_LIBAVIF_NAME(name) #name,
    static const char *const names[] = {VG_LIBAVIF_FUNCTIONS(VG_LIBAVIF_NAME)};
#undef VG_LIBAVIF_NAME
    return vg_library_open(&vg_libavif_state, files, sizeof files / sizeof files[0], names, (void **)&libavif,
                           sizeof names / sizeof names[0], vg_libavif_validate);
}

int vg_avif_library_failure(char *out, size_t length) {
    vg_libavif_load();
    return vg_library_failure(&vg_libavif_state, out, length);
}
