// The one place that calls ICU (libicuuc): bidi levels, line breaks and
// grapheme clusters. Every call checks its UErrorCode and closes what it
// opened; nothing is printed.
#include "CICU.h"

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uversion.h>

int vg_icu_bidi_levels(const uint16_t *text, int32_t length, int base, uint8_t *levels, int *resolved) {
    if (text == NULL || levels == NULL || length <= 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -2;
    UBiDiLevel paragraph = base < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)(base ? 1 : 0);
    ubidi_setPara(bidi, (const UChar *)text, length, paragraph, NULL, &status);
    const UBiDiLevel *computed = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
    if (U_FAILURE(status) || computed == NULL) {
        ubidi_close(bidi);
        return -2;
    }
    for (int32_t i = 0; i < length; i++) levels[i] = computed[i];
    if (resolved) *resolved = ubidi_getParaLevel(bidi);
    ubidi_close(bidi);
    return 0;
}

static int32_t breaks(UBreakIteratorType type, const uint16_t *text, int32_t length, const char *locale,
                      int32_t *offsets, uint8_t *hard, int32_t capacity) {
    if (text == NULL || offsets == NULL || length <= 0 || capacity <= 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(type, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) return -2;
    int32_t count = 0;
    ubrk_first(iterator);
    for (int32_t offset = ubrk_next(iterator); offset != UBRK_DONE; offset = ubrk_next(iterator)) {
        if (count == capacity) {
            ubrk_close(iterator);
            return -1;
        }
        offsets[count] = offset;
        if (hard) hard[count] = ubrk_getRuleStatus(iterator) >= UBRK_LINE_HARD;
        count++;
    }
    ubrk_close(iterator);
    return count;
}

int32_t vg_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale, int32_t *offsets,
                           uint8_t *hard, int32_t capacity) {
    return breaks(UBRK_LINE, text, length, locale ? locale : "", offsets, hard, capacity);
}

int32_t vg_icu_grapheme_breaks(const uint16_t *text, int32_t length, int32_t *offsets, int32_t capacity) {
    return breaks(UBRK_CHARACTER, text, length, "", offsets, NULL, capacity);
}

const char *vg_icu_version(void) { return U_ICU_VERSION; }
