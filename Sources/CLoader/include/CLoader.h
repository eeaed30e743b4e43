#ifndef CLOADER_H
#define CLOADER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Opens the first of `files` that loads (RTLD_NOW | RTLD_LOCAL) and looks up
/// each of `names` into `slots` (same order). Returns 1 when the library and
/// every symbol were found; otherwise 0 with the library closed, `slots`
/// zeroed and `failure` saying which file or symbol was missing.
int vg_library_load(const char *const *files, size_t file_count, const char *const *names, void **slots,
                    size_t count, char *failure, size_t failure_length);

#ifdef __cplusplus
}
#endif

#endif
