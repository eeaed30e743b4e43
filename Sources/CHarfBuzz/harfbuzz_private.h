#ifndef VG_HARFBUZZ_PRIVATE_H
#define VG_HARFBUZZ_PRIVATE_H

#include <hb-ot.h>
#include <hb.h>

#include "CHarfBuzz.h"

struct vg_hb_font {
    hb_blob_t *blob;
    hb_face_t *face;
    hb_font_t *font;
};

#endif
