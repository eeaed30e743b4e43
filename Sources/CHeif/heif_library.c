// libheif is opened on first use: linked directly, it and the codecs it
// pulls in (libde265, x265, aom, dav1d) cost every process several
// milliseconds of start-up, whether it decodes a HEIF image or not.
#include "CHeif.h"
#include "heif_library.h"

#include <CLoader.h>
#include <stdio.h>

struct vg_libheif libheif;

static vg_library vg_libheif_state = VG_LIBRARY_INITIALIZER;

// The ABI is libheif 1.x's: another major version is refused, not called.
static int vg_libheif_validate(char *failure, size_t length) {
    if (libheif.heif_get_version_number_major() == LIBHEIF_NUMERIC_VERSION >> 24) return 1;
    snprintf(failure, length, "libheif %s is loaded, but Vignette was built with %s", libheif.heif_get_version(),
             LIBHEIF_VERSION);
    return 0;
}

int vg_libheif_load(void) {
#ifdef __APPLE__
    // dyld looks for a bare name in neither of Homebrew's lib folders (Apple Silicon's /opt/homebrew/lib
    // never; /usr/local/lib only while DYLD_FALLBACK_LIBRARY_PATH is unset): their paths come next.
    static const char *const files[] = {"libheif.1.dylib", "/opt/homebrew/lib/libheif.1.dylib",
                                        "/usr/local/lib/libheif.1.dylib", "libheif.dylib"};
#else
    // libheif.so is the development link: the library these headers came from, when the SONAME is not found.
    static const char *const files[] = {"libheif.so.1", "libheif.so"};
#endif
#define VG_LIBHEIF_NAME(name) #name,
    static const char *const names[] = {VG_LIBHEIF_FUNCTIONS(VG_LIBHEIF_NAME)};
#undef VG_LIBHEIF_NAME
    return vg_library_open(&vg_libheif_state, files, sizeof files / sizeof files[0], names, (void **)&libheif,
                           sizeof names / sizeof names[0], vg_libheif_validate);
}

int vg_heif_library_failure(char *out, size_t length) {
    vg_libheif_load();
    return vg_library_failure(&vg_libheif_state, out, length);
}
