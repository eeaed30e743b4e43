#ifndef CICU_H
#define CICU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// ICU's Unicode algorithms over UTF-16 text: bidi levels (UAX #9), line
/// break opportunities (UAX #14, with ICU's dictionaries for scripts
/// written without spaces) and grapheme clusters (UAX #29). Result codes,
/// never messages: 0 is success, -1 a bad argument, -2 an ICU failure, -3
/// ICU could not be opened (vg_icu_library_failure says why).

/// The embedding level of every UTF-16 unit of `text` into `levels`
/// (length units), for a paragraph direction of `base` (0 LTR, 1 RTL, -1
/// from the first strong character), and the paragraph level used into
/// `resolved` (of the first paragraph). `embedding` (length units, or NULL)
/// presets each unit's explicit level as ICU's ubidi_setPara takes it (0 for
/// the paragraph's; 0x80 set overrides the characters' own directions), as
/// CSS's unicode-bidi sets them without control characters.
int vg_icu_bidi_levels(const uint16_t *text, int32_t length, int base, const uint8_t *embedding, uint8_t *levels,
                       int *resolved);

/// The offsets (in UTF-16 units, ascending, each > 0, the last == length)
/// where a line may end, and for each whether it must (a hard break after
/// a newline), up to `capacity`; returns the count, or a negative code.
/// `locale` picks tailorings ("ja" for Japanese line breaking), NULL for root.
int32_t vg_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale, int32_t *offsets,
                           uint8_t *hard, int32_t capacity);

/// The offsets where grapheme clusters end (ascending, the last == length), up to `capacity`.
int32_t vg_icu_grapheme_breaks(const uint16_t *text, int32_t length, int32_t *offsets, int32_t capacity);

/// How `scalar` is set in vertical text (UAX #50's Vertical_Orientation):
/// 0 rotated, 1 transformed or rotated, 2 transformed or upright, 3 upright;
/// a negative code on failure.
int vg_icu_vertical_orientation(uint32_t scalar);

/// The loaded ICU's version ("72.1"), for `vignette versions` and test references ("" when it cannot be opened).
const char *vg_icu_version(void);

/// Opens ICU unless it is open (it is opened on first use, not at process
/// start): the library and names of the ICU these headers are, else another
/// major version found by probing. 1 when it is open. Thread-safe.
int vg_icu_load(void);
/* Opens ICU if it is not open: 1 when it is; 0 with why not in `out`
   (NUL-terminated; 320 bytes hold any reason). */
int vg_icu_library_failure(char *out, size_t length);

/// The major version of the ICU headers Vignette was built with (72): the library looked for first.
int vg_icu_header_major(void);

#ifdef __cplusplus
}
#endif

#endif
