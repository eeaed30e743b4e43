#ifndef VG_HARFBUZZ_PRIVATE_H
#define VG_HARFBUZZ_PRIVATE_H

#include "CHarfBuzz.h"
#include "harfbuzz_library.h"

struct vg_hb_font {
    hb_blob_t *blob;
    hb_face_t *face;
    hb_font_t *font;
};

#endif
