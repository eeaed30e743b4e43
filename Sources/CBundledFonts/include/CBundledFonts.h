#ifndef CBUNDLEDFONTS_H
#define CBUNDLEDFONTS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The default family's font files, compiled into the binary (C23 #embed),
/// so text draws the same in a binary copied anywhere, with no resource
/// bundle beside it and no system font: 0 Regular, 1 Bold, 2 Italic,
/// 3 Bold Italic (Noto Sans, SIL Open Font License 1.1: fonts/OFL.txt).
/// Returns NULL for another index.
const uint8_t *vg_bundled_font(unsigned index, size_t *length);

/// The licence text of the bundled fonts (NUL-terminated).
const char *vg_bundled_font_license(void);

#ifdef __cplusplus
}
#endif

#endif
