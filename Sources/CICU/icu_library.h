// ICU's functions, looked up with the first text analysed (see CLoader and
// icu_library.c): call them as `libicu.ubrk_open()` once vg_icu_load() has
// returned 1. ICU's headers rename every function to carry its version
// (ubrk_open is ubrk_open_72 with ICU 72): the fields are the headers'
// names, and the loader finds the library's.
#ifndef VG_ICU_LIBRARY_H
#define VG_ICU_LIBRARY_H

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uversion.h>

#define VG_LIBICU_FUNCTIONS(X)                                                                                        \
    X(u_getVersion) X(u_versionToString) X(ubidi_openSized) X(ubidi_setPara) X(ubidi_getLevels) X(ubidi_getParaLevel) \
    X(ubidi_close) X(ubrk_open) X(ubrk_first) X(ubrk_next) X(ubrk_getRuleStatus) X(ubrk_close) \
    X(ubrk_setText) X(u_getIntPropertyValue)

#define VG_LIBICU_FIELD(name) __typeof__(name) *name;
struct vg_libicu {
    VG_LIBICU_FUNCTIONS(VG_LIBICU_FIELD)
};
#undef VG_LIBICU_FIELD

extern struct vg_libicu libicu;

#endif
