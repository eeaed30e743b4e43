#ifndef CLOADER_H
#define CLOADER_H

#include <pthread.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A library opened on first use: whether it is open (read and written
/// with atomic builtins, a plain int so Swift imports the struct), and why
/// the last attempt failed. Define one per library with
/// VG_LIBRARY_INITIALIZER (PTHREAD_MUTEX_INITIALIZER's value: all zeros on
/// glibc, a signature word on Darwin).
typedef struct {
    pthread_mutex_t lock;
    int loaded;
    char failure[320];
} vg_library;

#define VG_LIBRARY_INITIALIZER {PTHREAD_MUTEX_INITIALIZER, 0, {0}}

/// Opens `library` unless it is open: the first of `files` that loads
/// (RTLD_NOW | RTLD_LOCAL), each of `names` looked up into `slots` (same
/// order), then `validate` (may be NULL: a version check, a global init),
/// which returns 0 and fills `failure` to refuse. Returns 1 once all of that
/// worked; a failure is not remembered, so a later call tries again (a
/// loader out of descriptors now may succeed later), and `slots` are only
/// written while the library is not open.
int vg_library_open(vg_library *library, const char *const *files, size_t file_count, const char *const *names,
                    void **slots, size_t count, int (*validate)(char *failure, size_t length));

/// Copies why the last attempt to open `library` failed into `out`
/// (empty once it is open); returns whether it is open.
int vg_library_failure(vg_library *library, char *out, size_t length);

#ifdef __cplusplus
}
#endif

#endif
