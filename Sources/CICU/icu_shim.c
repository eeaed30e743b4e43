// The one place that calls ICU (libicuuc): bidi levels, line breaks,
// grapheme clusters and vertical orientation. Every call checks its UErrorCode and closes what it
// opened; nothing is printed. ICU is opened by the first call
// (icu_library.c); without it each returns -3.
#include "CICU.h"
#include "icu_library.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int vg_icu_bidi_levels(const uint16_t *text, int32_t length, int base, const uint8_t *embedding, uint8_t *levels,
                       int *resolved) {
    if (text == NULL || levels == NULL || length <= 0) return -1;
    if (!vg_icu_load()) return -3;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = libicu.ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -2;
    UBiDiLevel paragraph = base < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)(base ? 1 : 0);
    // ICU keeps (and may change) the preset levels until the object is closed: it is given a copy, in `levels`.
    UBiDiLevel *preset = NULL;
    if (embedding != NULL) {
        for (int32_t i = 0; i < length; i++) levels[i] = embedding[i];
        preset = levels;
    }
    libicu.ubidi_setPara(bidi, (const UChar *)text, length, paragraph, preset, &status);
    const UBiDiLevel *computed = U_SUCCESS(status) ? libicu.ubidi_getLevels(bidi, &status) : NULL;
    if (U_FAILURE(status) || computed == NULL) {
        libicu.ubidi_close(bidi);
        return -2;
    }
    for (int32_t i = 0; i < length; i++) levels[i] = computed[i];
    if (resolved) *resolved = libicu.ubidi_getParaLevel(bidi);
    libicu.ubidi_close(bidi);
    return 0;
}

// Break iterators are kept per thread and given new text (ubrk_setText): opening one loads and copies
// its rules, which costs more than iterating a short text (an SVG's chunks are often one word). A
// thread's line iterator is for one locale at a time; the thread's exit closes them.
typedef struct {
    UBreakIterator *character;
    UBreakIterator *line;
    char locale[32];
} vg_icu_iterators;

static pthread_key_t vg_icu_iterators_key;
static pthread_once_t vg_icu_iterators_once = PTHREAD_ONCE_INIT;
static int vg_icu_iterators_ready;

static void vg_icu_iterators_free(void *pointer) {
    vg_icu_iterators *cache = pointer;
    if (cache->character) libicu.ubrk_close(cache->character);
    if (cache->line) libicu.ubrk_close(cache->line);
    free(cache);
}

static void vg_icu_iterators_make_key(void) {
    vg_icu_iterators_ready = pthread_key_create(&vg_icu_iterators_key, vg_icu_iterators_free) == 0;
}

// The thread's iterator of `type` for `locale` set to `text`, or NULL (with `status`) when none could be
// made; `*owned` is set when it is not the thread's (the caller closes it).
static UBreakIterator *vg_icu_iterator(UBreakIteratorType type, const char *locale, const uint16_t *text, int32_t length,
                                       int *owned, UErrorCode *status) {
    pthread_once(&vg_icu_iterators_once, vg_icu_iterators_make_key);
    vg_icu_iterators *cache = vg_icu_iterators_ready ? pthread_getspecific(vg_icu_iterators_key) : NULL;
    if (cache == NULL && vg_icu_iterators_ready && (cache = calloc(1, sizeof *cache)) != NULL &&
        pthread_setspecific(vg_icu_iterators_key, cache) != 0) {
        free(cache);
        cache = NULL;
    }
    *owned = cache == NULL || (type == UBRK_LINE && strlen(locale) >= sizeof cache->locale);
    if (*owned) return libicu.ubrk_open(type, locale, (const UChar *)text, length, status);
    UBreakIterator **slot = type == UBRK_CHARACTER ? &cache->character : &cache->line;
    if (*slot != NULL && type == UBRK_LINE && strcmp(cache->locale, locale) != 0) {
        libicu.ubrk_close(*slot);
        *slot = NULL;
    }
    if (*slot != NULL) {
        libicu.ubrk_setText(*slot, (const UChar *)text, length, status);
        return U_SUCCESS(*status) ? *slot : NULL;
    }
    *slot = libicu.ubrk_open(type, locale, (const UChar *)text, length, status);
    if (U_FAILURE(*status) && *slot != NULL) {
        libicu.ubrk_close(*slot);
        *slot = NULL;
    }
    if (type == UBRK_LINE) snprintf(cache->locale, sizeof cache->locale, "%s", locale);
    return *slot;
}

static int32_t breaks(UBreakIteratorType type, const uint16_t *text, int32_t length, const char *locale,
                      int32_t *offsets, uint8_t *hard, int32_t capacity) {
    if (text == NULL || offsets == NULL || length <= 0 || capacity <= 0) return -1;
    if (!vg_icu_load()) return -3;
    UErrorCode status = U_ZERO_ERROR;
    int owned = 0;
    UBreakIterator *iterator = vg_icu_iterator(type, locale, text, length, &owned, &status);
    if (U_FAILURE(status) || iterator == NULL) {
        if (owned && iterator != NULL) libicu.ubrk_close(iterator);
        return -2;
    }
    int32_t count = 0;
    libicu.ubrk_first(iterator);
    for (int32_t offset = libicu.ubrk_next(iterator); offset != UBRK_DONE; offset = libicu.ubrk_next(iterator)) {
        if (count == capacity) {
            count = -1;
            break;
        }
        offsets[count] = offset;
        if (hard) hard[count] = libicu.ubrk_getRuleStatus(iterator) >= UBRK_LINE_HARD;
        count++;
    }
    if (owned) libicu.ubrk_close(iterator);
    return count;
}

int32_t vg_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale, int32_t *offsets,
                           uint8_t *hard, int32_t capacity) {
    return breaks(UBRK_LINE, text, length, locale ? locale : "", offsets, hard, capacity);
}

int32_t vg_icu_grapheme_breaks(const uint16_t *text, int32_t length, int32_t *offsets, int32_t capacity) {
    return breaks(UBRK_CHARACTER, text, length, "", offsets, NULL, capacity);
}

int vg_icu_vertical_orientation(uint32_t scalar) {
    if (scalar > 0x10FFFF) return -1;
    if (!vg_icu_load()) return -3;
#if U_ICU_VERSION_MAJOR_NUM >= 63
    // An ICU older than the headers (before 63) does not know the property and answers 0: rotated.
    return libicu.u_getIntPropertyValue((UChar32)scalar, UCHAR_VERTICAL_ORIENTATION);
#else
    return 0;
#endif
}
