// Font files as static data. #embed is C23; clang accepts it in earlier
// modes with a warning, silenced here alone. A C target because a Swift
// array literal of this size takes minutes to type-check, and a SwiftPM
// resource bundle is a folder beside the executable that a copied binary
// leaves behind.
#include "CBundledFonts.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
static const uint8_t regular[] = {
#embed "fonts/NotoSans-Regular.ttf"
};
static const uint8_t bold[] = {
#embed "fonts/NotoSans-Bold.ttf"
};
static const uint8_t italic[] = {
#embed "fonts/NotoSans-Italic.ttf"
};
static const uint8_t bold_italic[] = {
#embed "fonts/NotoSans-BoldItalic.ttf"
};
static const char license[] = {
#embed "fonts/OFL.txt"
    , 0
};
#pragma clang diagnostic pop

const uint8_t *vg_bundled_font(unsigned index, size_t *length) {
    switch (index) {
    case 0: *length = sizeof regular; return regular;
    case 1: *length = sizeof bold; return bold;
    case 2: *length = sizeof italic; return italic;
    case 3: *length = sizeof bold_italic; return bold_italic;
    default: *length = 0; return NULL;
    }
}

const char *vg_bundled_font_license(void) { return license; }
