// The one place that calls ICU (libicuuc): bidi levels, line breaks and
// grapheme clusters. Every call checks its UErrorCode and closes what it
// opened; nothing is printed. ICU is opened by the first call
// (icu_library.c); without it each returns -3.
#include "CICU.h"
#include "icu_library.h"

int vg_icu_bidi_levels(const uint16_t *text, int32_t length, int base, uint8_t *levels, int *resolved) {
    if (text == NULL || levels == NULL || length <= 0) return -1;
    if (!vg_icu_load()) return -3;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = libicu.ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -2;
    UBiDiLevel paragraph = base < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)(base ? 1 : 0);
    libicu.ubidi_setPara(bidi, (const UChar *)text, length, paragraph, NULL, &status);
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

static int32_t breaks(UBreakIteratorType type, const uint16_t *text, int32_t length, const char *locale,
                      int32_t *offsets, uint8_t *hard, int32_t capacity) {
    if (text == NULL || offsets == NULL || length <= 0 || capacity <= 0) return -1;
    if (!vg_icu_load()) return -3;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = libicu.ubrk_open(type, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) return -2;
    int32_t count = 0;
    libicu.ubrk_first(iterator);
    for (int32_t offset = libicu.ubrk_next(iterator); offset != UBRK_DONE; offset = libicu.ubrk_next(iterator)) {
        if (count == capacity) {
            libicu.ubrk_close(iterator);
            return -1;
        }
        offsets[count] = offset;
        if (hard) hard[count] = libicu.ubrk_getRuleStatus(iterator) >= UBRK_LINE_HARD;
        count++;
    }
    libicu.ubrk_close(iterator);
    return count;
}

int32_t vg_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale, int32_t *offsets,
                           uint8_t *hard, int32_t capacity) {
    return breaks(UBRK_LINE, text, length, locale ? locale : "", offsets, hard, capacity);
}

int32_t vg_icu_grapheme_breaks(const uint16_t *text, int32_t length, int32_t *offsets, int32_t capacity) {
    return breaks(UBRK_CHARACTER, text, length, "", offsets, NULL, capacity);
}
