// ISO-BMFF box walking: cut-off files, image sizes and the
// derived-image graph (grids, overlays, iden) checked before libheif runs.
// Reads only within the caller's bytes.
#include "heif_boxes.h"

#include <string.h>

#define FOURCC(s) ((uint32_t)(s)[0] << 24 | (uint32_t)(s)[1] << 16 | (uint32_t)(s)[2] << 8 | (uint32_t)(s)[3])

typedef struct {
    const uint8_t *p;
    size_t n;
} vg_span;

static uint32_t vg_be16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }

static uint32_t vg_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static uint32_t vg_read_id(const uint8_t *p, size_t width) { return width == 2 ? vg_be16(p) : vg_be32(p); }

// The box at the start of `in`: its type and payload; advances `in` past it.
// 0 when no whole box is left (a 64-bit largesize counts; size 0 runs to the end).
static int vg_next_box(vg_span *in, uint32_t *type, vg_span *body) {
    if (in->n < 8) return 0;
    uint64_t size = vg_be32(in->p);
    size_t header = 8;
    if (size == 1) {
        if (in->n < 16) return 0;
        size = (uint64_t)vg_be32(in->p + 8) << 32 | vg_be32(in->p + 12);
        header = 16;
    } else if (size == 0) {
        size = in->n;
    }
    if (size < header || size > in->n) return 0;
    *type = vg_be32(in->p + 4);
    body->p = in->p + header;
    body->n = (size_t)size - header;
    in->p += size;
    in->n -= (size_t)size;
    return 1;
}

static int vg_find_box(vg_span in, const char *name, vg_span *body) {
    uint32_t type;
    while (vg_next_box(&in, &type, body)) {
        if (type == FOURCC(name)) return 1;
    }
    return 0;
}

int vg_heif_looks_cut_off(const uint8_t *data, size_t length) {
    int has_mdat = 0;
    size_t at = 0;
    while (at < length) {
        size_t left = length - at;
        if (left < 8) return 1;
        uint64_t size = vg_be32(data + at);
        size_t header = 8;
        if (size == 1) {
            if (left < 16) return 1;
            size = (uint64_t)vg_be32(data + at + 8) << 32 | vg_be32(data + at + 12);
            header = 16;
        } else if (size == 0) {
            size = left;
        }
        has_mdat = has_mdat || memcmp(data + at + 4, "mdat", 4) == 0;
        if (size < header) return 0;  // malformed, not cut off
        if (size > left) return 1;
        at += (size_t)size;
    }
    return !has_mdat;
}

// The boxes of `meta` the checks read.
typedef struct {
    uint32_t primary;
    vg_span infe_boxes;  // iinf's children
    vg_span references;  // iref's children
    size_t reference_id_size;
    vg_span properties;  // ipco's children
    vg_span associations;  // ipma's entries, after its entry count
    uint32_t association_count;
    size_t association_id_size, association_index_size;
} vg_meta;

static int vg_read_meta(const uint8_t *data, size_t length, vg_meta *meta) {
    vg_span meta_box, pitm, iinf, iref, iprp, ipma;
    memset(meta, 0, sizeof *meta);
    if (!vg_find_box((vg_span){data, length}, "meta", &meta_box) || meta_box.n < 4) return 0;
    vg_span children = {meta_box.p + 4, meta_box.n - 4};  // meta is a full box
    if (!vg_find_box(children, "pitm", &pitm) || pitm.n < 6) return 0;
    if (pitm.p[0] != 0 && pitm.n < 8) return 0;
    meta->primary = pitm.p[0] == 0 ? vg_be16(pitm.p + 4) : vg_be32(pitm.p + 4);
    if (!vg_find_box(children, "iinf", &iinf) || iinf.n < 6) return 0;
    size_t skip = iinf.p[0] == 0 ? 6 : 8;
    if (iinf.n < skip) return 0;
    meta->infe_boxes = (vg_span){iinf.p + skip, iinf.n - skip};
    if (vg_find_box(children, "iref", &iref) && iref.n >= 4) {
        meta->references = (vg_span){iref.p + 4, iref.n - 4};
        meta->reference_id_size = iref.p[0] == 0 ? 2 : 4;
    }
    if (vg_find_box(children, "iprp", &iprp)) {
        vg_find_box(iprp, "ipco", &meta->properties);
        if (vg_find_box(iprp, "ipma", &ipma) && ipma.n >= 8) {
            meta->association_count = vg_be32(ipma.p + 4);
            meta->associations = (vg_span){ipma.p + 8, ipma.n - 8};
            meta->association_id_size = ipma.p[0] < 1 ? 2 : 4;
            meta->association_index_size = (ipma.p[3] & 1) ? 2 : 1;
        }
    }
    return 1;
}

// The item type of `id` in its infe box (version 2 or 3), 0 when unknown.
static uint32_t vg_item_type(const vg_meta *meta, uint32_t id) {
    vg_span in = meta->infe_boxes, body;
    uint32_t type;
    while (vg_next_box(&in, &type, &body)) {
        if (type != FOURCC("infe") || body.n < 4 || body.p[0] < 2) continue;
        size_t id_size = body.p[0] == 2 ? 2 : 4;
        if (body.n < 4 + id_size + 2 + 4) continue;
        if (vg_read_id(body.p + 4, id_size) == id) return vg_be32(body.p + 4 + id_size + 2);
    }
    return 0;
}

// The `dimg` references from `id`: how many, and where their IDs start.
static uint32_t vg_derivation_inputs(const vg_meta *meta, uint32_t id, const uint8_t **ids) {
    vg_span in = meta->references, body;
    uint32_t type;
    size_t w = meta->reference_id_size;
    while (w > 0 && vg_next_box(&in, &type, &body)) {
        if (type != FOURCC("dimg") || body.n < w + 2 || vg_read_id(body.p, w) != id) continue;
        uint32_t count = vg_be16(body.p + w);
        uint32_t present = (uint32_t)((body.n - w - 2) / w);
        *ids = body.p + w + 2;
        return count < present ? count : present;
    }
    return 0;
}

// The `index`-th (1-based) property in ipco.
static int vg_property_at(const vg_meta *meta, uint32_t index, uint32_t *type, vg_span *body) {
    vg_span in = meta->properties;
    for (uint32_t at = 1; vg_next_box(&in, type, body); at++) {
        if (at == index) return 1;
    }
    return 0;
}

// The first property of `name` associated with item `id`.
static int vg_item_property(const vg_meta *meta, uint32_t id, const char *name, vg_span *out) {
    const uint8_t *p = meta->associations.p, *end = p + meta->associations.n;
    size_t w = meta->association_id_size, aw = meta->association_index_size;
    for (uint32_t entry = 0; entry < meta->association_count; entry++) {
        if ((size_t)(end - p) < w + 1) return 0;
        uint32_t item = vg_read_id(p, w), count = p[w];
        p += w + 1;
        if ((size_t)(end - p) < count * aw) return 0;
        for (uint32_t i = 0; item == id && i < count; i++) {
            uint32_t index = aw == 2 ? vg_be16(p + i * 2) & 0x7FFF : p[i] & 0x7Fu, type;
            if (index > 0 && vg_property_at(meta, index, &type, out) && type == FOURCC(name)) return 1;
        }
        p += count * aw;
    }
    return 0;
}

static int vg_item_size(const vg_meta *meta, uint32_t id, uint64_t *pixels) {
    vg_span ispe;
    if (!vg_item_property(meta, id, "ispe", &ispe) || ispe.n < 12) return 0;
    *pixels = (uint64_t)vg_be32(ispe.p + 4) * vg_be32(ispe.p + 8);
    return 1;
}

static int vg_is_derived(uint32_t type) {
    return type == FOURCC("grid") || type == FOURCC("iovl") || type == FOURCC("iden");
}

// One grid, overlay or iden item against the limits (see vg_heif_check_items).
static int vg_check_derived(const vg_meta *meta, uint32_t id, uint32_t type, vg_heif_limits limits,
                            uint32_t *tile_count) {
    const uint8_t *ids = NULL;
    size_t w = meta->reference_id_size;
    uint32_t count = vg_derivation_inputs(meta, id, &ids);
    if (count == 0) return VG_HEIF_OK;  // libheif refuses a derivation without inputs
    if (type == FOURCC("iden")) return vg_item_type(meta, vg_read_id(ids, w)) == FOURCC("iden") ? VG_HEIF_UNSUPPORTED : VG_HEIF_OK;
    if (count > limits.max_tiles) {
        *tile_count = count;
        return VG_HEIF_TOO_MANY_TILES;
    }
    for (uint32_t i = 0; i < count; i++) {
        if (vg_is_derived(vg_item_type(meta, vg_read_id(ids + i * w, w)))) return VG_HEIF_UNSUPPORTED;
    }
    uint64_t canvas, tile;
    if (type == FOURCC("grid") && vg_item_size(meta, id, &canvas) && vg_item_size(meta, vg_read_id(ids, w), &tile) &&
        tile * count > 4 * canvas + tile) {
        *tile_count = count;
        return VG_HEIF_TOO_MANY_TILES;
    }
    return VG_HEIF_OK;
}

// The codec of the primary image: its own type, or through an iden and a
// grid or overlay, the type of the first image it combines.
static uint32_t vg_coded_type(const vg_meta *meta, uint32_t *tile_count) {
    uint32_t id = meta->primary, type = vg_item_type(meta, id);
    for (int depth = 0; depth < 2 && vg_is_derived(type); depth++) {
        const uint8_t *ids = NULL;
        uint32_t count = vg_derivation_inputs(meta, id, &ids);
        if (count == 0) return type;
        if (type == FOURCC("grid")) *tile_count = count;
        id = vg_read_id(ids, meta->reference_id_size);
        type = vg_item_type(meta, id);
    }
    return type;
}

int vg_heif_check_items(const uint8_t *data, size_t length, vg_heif_limits limits, vg_heif_info *info) {
    vg_meta meta;
    if (!vg_read_meta(data, length, &meta)) return VG_HEIF_OK;
    vg_span in = meta.infe_boxes, body;
    uint32_t type;
    while (vg_next_box(&in, &type, &body)) {
        if (type != FOURCC("infe") || body.n < 4 || body.p[0] < 2) continue;
        size_t id_size = body.p[0] == 2 ? 2 : 4;
        if (body.n < 4 + id_size + 2 + 4) continue;
        uint32_t item_type = vg_be32(body.p + 4 + id_size + 2);
        if (!vg_is_derived(item_type)) continue;
        int rc = vg_check_derived(&meta, vg_read_id(body.p + 4, id_size), item_type, limits, &info->tile_count);
        if (rc != VG_HEIF_OK) return rc;
    }
    uint32_t coded = vg_coded_type(&meta, &info->tile_count);
    for (int i = 0; i < 4; i++) {
        char c = (char)(coded >> (24 - 8 * i));
        info->codec[i] = c >= 0x20 && c < 0x7F ? c : '?';
    }
    info->codec[4] = 0;
    vg_span irot, imir, ispe;
    if (vg_item_property(&meta, meta.primary, "ispe", &ispe) && ispe.n >= 12) {
        info->stored_width = vg_be32(ispe.p + 4);
        info->stored_height = vg_be32(ispe.p + 8);
    }
    if (vg_item_property(&meta, meta.primary, "irot", &irot) && irot.n >= 1) info->rotation = irot.p[0] & 3;
    if (vg_item_property(&meta, meta.primary, "imir", &imir) && imir.n >= 1) info->mirror = imir.p[0] & 1;
    return VG_HEIF_OK;
}

int vg_heif_check_sizes(const uint8_t *data, size_t length, vg_heif_limits limits, vg_heif_info *info) {
    vg_meta meta;
    if (!vg_read_meta(data, length, &meta)) return VG_HEIF_OK;
    vg_span in = meta.properties, body;
    uint32_t type, side_width = 0, side_height = 0;
    while (vg_next_box(&in, &type, &body)) {
        // ispe: version and flags, then 32-bit width and height.
        uint32_t w = 0, h = 0;
        if (type == FOURCC("ispe") && body.n >= 12) {
            w = vg_be32(body.p + 4);
            h = vg_be32(body.p + 8);
        } else if (type != FOURCC("hvcC") || !vg_heif_hvcc_size(body.p, body.n, &w, &h)) {
            continue;
        }
        // Encoders pad tiles to whole coding blocks (a 64x48 image in a 64x64
        // tile): one 64-pixel block a side is allowed here; the primary image
        // itself is held to the limits exactly once libheif has opened it.
        uint32_t padded_w = w > 64 ? w - 64 : 0, padded_h = h > 64 ? h - 64 : 0;
        if ((uint64_t)padded_w * padded_h > limits.max_pixels) {
            info->stored_width = w;
            info->stored_height = h;
            return VG_HEIF_TOO_LARGE;
        }
        if ((padded_w > limits.max_side || padded_h > limits.max_side) && side_width == 0 && side_height == 0) {
            side_width = w;
            side_height = h;
        }
    }
    if (side_width == 0 && side_height == 0) return VG_HEIF_OK;
    info->stored_width = side_width;
    info->stored_height = side_height;
    return VG_HEIF_SIDE_TOO_LONG;
}
