// libheif is opened on first use: linked directly, it and the codecs it
// pulls in (libde265, x265, aom, dav1d) cost every process several
// milliseconds of start-up, whether it decodes a HEIF image or not.
#include "CHeif.h"
#include "heif_library.h"

#include <CLoader.h>
#include <pthread.h>
#include <stdio.h>

struct vg_libheif libheif;

static pthread_once_t vg_libheif_once = PTHREAD_ONCE_INIT;
static int vg_libheif_loaded;
static char vg_libheif_failure[320];

static void vg_libheif_open(void) {
    // libheif.so is the development link: the library these headers came from, when the SONAME is not found.
    static const char *const files[] = {"libheif.so.1", "libheif.so"};
#define VG_LIBHEIF_NAME(name) #name,
    static const char *const names[] = {VG_LIBHEIF_FUNCTIONS(VG_LIBHEIF_NAME)};
#undef VG_LIBHEIF_NAME
    size_t count = sizeof names / sizeof names[0];
    vg_libheif_loaded = vg_library_load(files, 2, names, (void **)&libheif, count, vg_libheif_failure,
                                        sizeof vg_libheif_failure);
    if (vg_libheif_loaded && libheif.heif_get_version_number_major() != LIBHEIF_NUMERIC_VERSION >> 24) {
        snprintf(vg_libheif_failure, sizeof vg_libheif_failure, "libheif %s is loaded, but Vignette was built with %s",
                 libheif.heif_get_version(), LIBHEIF_VERSION);
        vg_libheif_loaded = 0;
    }
}

int vg_libheif_load(void) {
    pthread_once(&vg_libheif_once, vg_libheif_open);
    return vg_libheif_loaded;
}

const char *vg_heif_library_failure(void) { return vg_libheif_load() ? NULL : vg_libheif_failure; }
