// ICU is opened on first use: linked directly, libicuuc and its 30 MB
// libicudata (with libstdc++) are mapped and relocated by every process,
// whether it analyses text or not. ICU's SONAME and exported names carry its
// major version (libicuuc.so.72, ubrk_open_72): the file and names these
// headers were built against are tried first; then the development link and
// other versions, each with the suffix its u_getVersion is found under (none
// for a build with renaming off, such as macOS's libicucore).
#include "CICU.h"
#include "icu_library.h"

#include <CLoader.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct vg_libicu libicu;

static vg_library vg_libicu_state = VG_LIBRARY_INITIALIZER;
// One thread probes at a time: a second finds the library open, or probes nothing new.
static pthread_mutex_t vg_libicu_probe_lock = PTHREAD_MUTEX_INITIALIZER;
static char vg_libicu_version[U_MAX_VERSION_STRING_LENGTH];

#define VG_STRING(x) #x
#define VG_EXPANDED_STRING(x) VG_STRING(x)
#define VG_ICU_MAJOR VG_EXPANDED_STRING(U_ICU_VERSION_MAJOR_NUM)

// The other major versions probed, newest first (50 is 2012's, 78 2025's).
enum { VG_ICU_NEWEST = 99, VG_ICU_OLDEST = 50 };

// Each name as written, and as these headers rename it (the symbol a direct link would use).
#define VG_LIBICU_BASE(name) #name,
#define VG_LIBICU_RENAMED(name) VG_EXPANDED_STRING(name),
static const char *const vg_libicu_bases[] = {VG_LIBICU_FUNCTIONS(VG_LIBICU_BASE)};
static const char *const vg_libicu_renamed[] = {VG_LIBICU_FUNCTIONS(VG_LIBICU_RENAMED)};
#undef VG_LIBICU_BASE
#undef VG_LIBICU_RENAMED
#define VG_LIBICU_COUNT (sizeof vg_libicu_bases / sizeof vg_libicu_bases[0])

#ifdef __APPLE__
// Homebrew's icu4c is keg-only (never in /opt/homebrew/lib), under its own name or a versioned one.
#define VG_ICU_KEG(prefix, keg, file) prefix "/opt/" keg "/lib/" file
#define VG_ICU_SONAME "libicuuc." VG_ICU_MAJOR ".dylib"
static const char *const vg_libicu_files[] = {
    VG_ICU_SONAME, VG_ICU_KEG("/opt/homebrew", "icu4c", VG_ICU_SONAME), VG_ICU_KEG("/usr/local", "icu4c", VG_ICU_SONAME),
    VG_ICU_KEG("/opt/homebrew", "icu4c@" VG_ICU_MAJOR, VG_ICU_SONAME),
    VG_ICU_KEG("/usr/local", "icu4c@" VG_ICU_MAJOR, VG_ICU_SONAME)};
// Then the development links, and the system's own ICU (renaming off), which the SDK has no headers for.
static const char *const vg_libicu_others[] = {"libicuuc.dylib", VG_ICU_KEG("/opt/homebrew", "icu4c", "libicuuc.dylib"),
                                               VG_ICU_KEG("/usr/local", "icu4c", "libicuuc.dylib"),
                                               "/usr/lib/libicucore.A.dylib"};
#define VG_ICU_VERSIONED "libicuuc.%d.dylib"
#else
static const char *const vg_libicu_files[] = {"libicuuc.so." VG_ICU_MAJOR};
static const char *const vg_libicu_others[] = {"libicuuc.so"};
#define VG_ICU_VERSIONED "libicuuc.so.%d"
#endif

static int vg_libicu_validate(char *failure, size_t length) {
    (void)failure, (void)length;
    UVersionInfo version;
    libicu.u_getVersion(version);
    libicu.u_versionToString(version, vg_libicu_version);
    return 1;
}

// The suffix `handle`'s names carry: the headers' ("_72", or "" with renaming off), none, or another
// version's; 0 when u_getVersion is under none of them.
static int vg_libicu_suffix(void *handle, char *suffix, size_t length) {
    const char *headers = vg_libicu_renamed[0] + strlen(vg_libicu_bases[0]);
    for (int candidate = VG_ICU_NEWEST + 2; candidate >= VG_ICU_OLDEST; candidate--) {
        if (candidate == VG_ICU_NEWEST + 2) snprintf(suffix, length, "%s", headers);
        else if (candidate == VG_ICU_NEWEST + 1) suffix[0] = 0;
        else snprintf(suffix, length, "_%d", candidate);
        char name[64];
        snprintf(name, sizeof name, "%s%s", vg_libicu_bases[0], suffix);
        if (dlsym(handle, name) != NULL) return 1;
    }
    return 0;
}

// Opens `file` with the names its u_getVersion says; the handle is held across vg_library_open, which
// then maps nothing again.
static int vg_libicu_probe(const char *file) {
    void *handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return 0;
    char suffix[16];
    int loaded = 0;
    if (vg_libicu_suffix(handle, suffix, sizeof suffix)) {
        char storage[VG_LIBICU_COUNT][64];
        const char *names[VG_LIBICU_COUNT];
        for (size_t i = 0; i < VG_LIBICU_COUNT; i++) {
            snprintf(storage[i], sizeof storage[i], "%s%s", vg_libicu_bases[i], suffix);
            names[i] = storage[i];
        }
        loaded = vg_library_open(&vg_libicu_state, &file, 1, names, (void **)&libicu, VG_LIBICU_COUNT,
                                 vg_libicu_validate);
    }
    dlclose(handle);
    return loaded;
}

// The headers' own library and names: the one attempt a machine with that ICU makes, and the only
// work once it is open. Its reason is the one reported when nothing opens.
static int vg_libicu_open_built(void) {
    return vg_library_open(&vg_libicu_state, vg_libicu_files, sizeof vg_libicu_files / sizeof vg_libicu_files[0],
                           vg_libicu_renamed, (void **)&libicu, VG_LIBICU_COUNT, vg_libicu_validate);
}

int vg_icu_load(void) {
    if (vg_libicu_open_built()) return 1;
    pthread_mutex_lock(&vg_libicu_probe_lock);
    int loaded = vg_libicu_open_built();
    for (size_t i = 0; !loaded && i < sizeof vg_libicu_others / sizeof vg_libicu_others[0]; i++) {
        loaded = vg_libicu_probe(vg_libicu_others[i]);
    }
    for (int major = VG_ICU_NEWEST; !loaded && major >= VG_ICU_OLDEST; major--) {
        if (major == U_ICU_VERSION_MAJOR_NUM) continue;
        char file[64];
        snprintf(file, sizeof file, VG_ICU_VERSIONED, major);
        loaded = vg_libicu_probe(file);
    }
    pthread_mutex_unlock(&vg_libicu_probe_lock);
    return loaded;
}

int vg_icu_library_failure(char *out, size_t length) {
    vg_icu_load();
    return vg_library_failure(&vg_libicu_state, out, length);
}

int vg_icu_header_major(void) { return U_ICU_VERSION_MAJOR_NUM; }

const char *vg_icu_version(void) { return vg_icu_load() ? vg_libicu_version : ""; }
