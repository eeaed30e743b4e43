// HarfBuzz is opened on first use: linked directly, it and what it pulls
// in (FreeType, Graphite, GLib, PCRE, libpng, ...) cost every process
// start-up time, whether it draws text or not.
#include "harfbuzz_library.h"

#include "CHarfBuzz.h"

#include <CLoader.h>

struct vg_libharfbuzz libharfbuzz;

static vg_library vg_libharfbuzz_state = VG_LIBRARY_INITIALIZER;

int vg_hb_load(void) {
    // HarfBuzz keeps SONAME 0 across versions (additions only): a function these headers have and
    // an older library lacks is the loader's "has no symbol" reason.
#ifdef __APPLE__
    // dyld looks for a bare name in neither of Homebrew's lib folders (Apple Silicon's /opt/homebrew/lib
    // never; /usr/local/lib only while DYLD_FALLBACK_LIBRARY_PATH is unset): their paths come next.
    static const char *const files[] = {"libharfbuzz.0.dylib", "/opt/homebrew/lib/libharfbuzz.0.dylib",
                                        "/usr/local/lib/libharfbuzz.0.dylib", "libharfbuzz.dylib"};
#else
    // libharfbuzz.so is the development link: the library these headers came from, when the SONAME is not found.
    static const char *const files[] = {"libharfbuzz.so.0", "libharfbuzz.so"};
#endif
#define VG_LIBHARFBUZZ_NAME(name) #name,
    static const char *const names[] = {VG_LIBHARFBUZZ_FUNCTIONS(VG_LIBHARFBUZZ_NAME)};
#undef VG_LIBHARFBUZZ_NAME
    return vg_library_open(&vg_libharfbuzz_state, files, sizeof files / sizeof files[0], names,
                           (void **)&libharfbuzz, sizeof names / sizeof names[0], NULL);
}

int vg_hb_library_failure(char *out, size_t length) {
    vg_hb_load();
    return vg_library_failure(&vg_libharfbuzz_state, out, length);
}
