// libavif is opened on first use: linked directly, it and the AV1 codecs
// it pulls in (aom, dav1d, rav1e) cost every process milliseconds of
// start-up, whether it touches an AVIF image or not.
#include "CAVIF.h"
#include "avif_library.h"

#include <CLoader.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct vg_libavif libavif;

static pthread_once_t vg_libavif_once = PTHREAD_ONCE_INIT;
static int vg_libavif_loaded;
static char vg_libavif_failure[320];

// The SONAME of the ABI these headers describe; libavif.so (the development link) when unknown.
#if AVIF_VERSION_MAJOR >= 1
#define VG_LIBAVIF_SONAME "libavif.so.16"
#elif AVIF_VERSION_MINOR == 11
#define VG_LIBAVIF_SONAME "libavif.so.15"
#elif AVIF_VERSION_MINOR == 10
#define VG_LIBAVIF_SONAME "libavif.so.14"
#else
#define VG_LIBAVIF_SONAME "libavif.so"
#endif

#define VG_STRING(x) #x
#define VG_VERSION_PREFIX(major, minor) VG_STRING(major) "." VG_STRING(minor) "."

static void vg_libavif_open(void) {
    static const char *const files[] = {VG_LIBAVIF_SONAME, "libavif.so"};
#define VG_LIBAVIF_NAME(name) #name,
    static const char *const names[] = {VG_LIBAVIF_FUNCTIONS(VG_LIBAVIF_NAME)};
#undef VG_LIBAVIF_NAME
    size_t count = sizeof names / sizeof names[0];
    vg_libavif_loaded = vg_library_load(files, 2, names, (void **)&libavif, count, vg_libavif_failure,
                                        sizeof vg_libavif_failure);
    // Before 1.0 every minor version was a new ABI; from 1.0 on, the major version is.
    const char *expected = AVIF_VERSION_MAJOR >= 1 ? VG_STRING(AVIF_VERSION_MAJOR) "."
                                                   : VG_VERSION_PREFIX(AVIF_VERSION_MAJOR, AVIF_VERSION_MINOR);
    if (vg_libavif_loaded && strncmp(libavif.avifVersion(), expected, strlen(expected)) != 0) {
        snprintf(vg_libavif_failure, sizeof vg_libavif_failure, "libavif %s is loaded, but Vignette was built with %d.%d",
                 libavif.avifVersion(), AVIF_VERSION_MAJOR, AVIF_VERSION_MINOR);
        vg_libavif_loaded = 0;
    }
}

int vg_libavif_load(void) {
    pthread_once(&vg_libavif_once, vg_libavif_open);
    return vg_libavif_loaded;
}

const char *vg_avif_library_failure(void) { return vg_libavif_load() ? NULL : vg_libavif_failure; }
