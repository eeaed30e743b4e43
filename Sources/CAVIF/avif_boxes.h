// ISO-BMFF box walking the shim does itself, before or instead of libavif.
#ifndef VG_AVIF_BOXES_H
#define VG_AVIF_BOXES_H

#include <stddef.h>
#include <stdint.h>

/// True when the top-level boxes show a cut-off file: one runs past the end
/// of the data, or the data ends before any `mdat`.
int vg_avif_looks_cut_off(const uint8_t *data, size_t length);

/// The largest `ispe` (image spatial extents) among the item properties
/// (`meta` > `iprp` > `ipco`), by pixel count; 0 when there is none. Every
/// image libavif decodes (primary, alpha, grid cells, the grid) has one.
int vg_avif_largest_ispe(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height);

#endif
