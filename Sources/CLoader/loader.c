// Loads a library on first use instead of at process start: a library
// linked directly is mapped, relocated and initialised (with everything it
// pulls in) by every process, whether it ever calls it or not.
#include "CLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

int vg_library_load(const char *const *files, size_t file_count, const char *const *names, void **slots,
                    size_t count, char *failure, size_t failure_length) {
    memset(slots, 0, count * sizeof *slots);
    void *library = NULL;
    size_t opened = 0;
    for (; opened < file_count && library == NULL; opened++) {
        library = dlopen(files[opened], RTLD_NOW | RTLD_LOCAL);
        const char *reason = library == NULL ? dlerror() : NULL;
        // The first name is the one the headers were written for: its reason is the one to report.
        if (opened == 0 && reason != NULL) snprintf(failure, failure_length, "%s", reason);
    }
    if (library == NULL) return 0;
    const char *file = files[opened - 1];
    for (size_t i = 0; i < count; i++) {
        slots[i] = dlsym(library, names[i]);
        if (slots[i] == NULL) {
            snprintf(failure, failure_length, "%s has no symbol %s", file, names[i]);
            memset(slots, 0, count * sizeof *slots);
            dlclose(library);
            return 0;
        }
    }
    failure[0] = 0;
    return 1;
}
