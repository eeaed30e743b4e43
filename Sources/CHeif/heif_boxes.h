// ISO-BMFF box walking the shim does itself, before libheif sees the bytes
// (heif_boxes.c; the SPS picture size in heif_sps.c, the brands in heif_sniff.c).
#ifndef VG_HEIF_BOXES_H
#define VG_HEIF_BOXES_H

#include "CHeif.h"

/// True when the top-level boxes show a cut-off file: one runs past the end
/// of the data, or the data ends before any `mdat`.
int vg_heif_looks_cut_off(const uint8_t *data, size_t length);

/// Every `ispe` (image spatial extents) among the item properties against
/// the limits: the primary image, its alpha, tiles, thumbnails, depth maps;
/// and every hvcC's SPS picture size, which is what libde265 allocates.
/// VG_HEIF_TOO_LARGE (any over the pixel limit) before VG_HEIF_SIDE_TOO_LONG,
/// with that item's size in `stored_width` / `stored_height`. Each item may
/// exceed them by one 64-pixel coding block a side (padded tiles).
int vg_heif_check_sizes(const uint8_t *data, size_t length, vg_heif_limits limits, vg_heif_info *info);

/// Reads the item graph libheif will follow and refuses what would make it
/// decode without bound: every grid or overlay names at most
/// `limits.max_tiles` images, each a coded image (no grid of grids, no
/// cycles), and a grid's tiles cover at most four times its own pixels; an
/// `iden` derives from a coded image or one grid or overlay. Fills `codec`
/// (the primary's coded type, through an iden and a grid's first tile),
/// `tile_count`, `rotation`, `mirror` and the primary's `stored_width` / `stored_height`. VG_HEIF_OK when the graph is
/// fine or cannot be read (libheif then reports the damage).
int vg_heif_check_items(const uint8_t *data, size_t length, vg_heif_limits limits, vg_heif_info *info);

/// The coded picture size stated by the SPS in an hvcC box's payload; 0
/// when there is none or it cannot be read (heif_sps.c).
int vg_heif_hvcc_size(const uint8_t *hvcc, size_t length, uint32_t *width, uint32_t *height);

#endif
