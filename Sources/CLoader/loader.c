// Loads a library on first use instead of at process start: a library
// linked directly is mapped, relocated and initialised (with everything it
// pulls in) by every process, whether it ever calls it or not.
#include "CLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

// Opens and resolves under the caller's lock; 1 with every slot set, or 0 with the library closed and `failure` set.
static int vg_library_open_locked(vg_library *library, const char *const *files, size_t file_count,
                                  const char *const *names, void **slots, size_t count,
                                  int (*validate)(char *failure, size_t length)) {
    void *handle = NULL;
    size_t opened = 0;
    for (; opened < file_count && handle == NULL; opened++) {
        handle = dlopen(files[opened], RTLD_NOW | RTLD_LOCAL);
        const char *reason = handle == NULL ? dlerror() : NULL;
        // The first name is the one the headers were written for: its reason is the one to report.
        if (opened == 0 && reason != NULL) snprintf(library->failure, sizeof library->failure, "%s", reason);
    }
    if (handle == NULL) return 0;
    int found = 1;
    for (size_t i = 0; i < count && found; i++) {
        slots[i] = dlsym(handle, names[i]);
        if (slots[i] == NULL) {
            snprintf(library->failure, sizeof library->failure, "%s has no symbol %s", files[opened - 1], names[i]);
            found = 0;
        }
    }
    if (found && (validate == NULL || validate(library->failure, sizeof library->failure))) {
        library->failure[0] = 0;
        return 1;
    }
    memset(slots, 0, count * sizeof *slots);
    dlclose(handle);
    return 0;
}

int vg_library_open(vg_library *library, const char *const *files, size_t file_count, const char *const *names,
                    void **slots, size_t count, int (*validate)(char *failure, size_t length)) {
    if (__atomic_load_n(&library->loaded, __ATOMIC_ACQUIRE)) return 1;
    pthread_mutex_lock(&library->lock);
    int loaded = __atomic_load_n(&library->loaded, __ATOMIC_RELAXED);
    if (!loaded && count > 0) {
        loaded = vg_library_open_locked(library, files, file_count, names, slots, count, validate);
        // Release: a thread that sees `loaded` sees the slots.
        __atomic_store_n(&library->loaded, loaded, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&library->lock);
    return loaded;
}

int vg_library_failure(vg_library *library, char *out, size_t length) {
    pthread_mutex_lock(&library->lock);
    int loaded = __atomic_load_n(&library->loaded, __ATOMIC_RELAXED);
    snprintf(out, length, "%s", loaded ? "" : library->failure);
    pthread_mutex_unlock(&library->lock);
    return loaded;
}
