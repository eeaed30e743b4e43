// ISO-BMFF box walking: the ftyp brands, cut-off files, and image sizes
// libavif refuses to report. Reads only within the caller's bytes.
#include "CAVIF.h"
#include "avif_boxes.h"

#include <string.h>

static uint32_t vg_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

// The box starting at `p` with `left` bytes available: its size and header
// length (8, or 16 with a 64-bit largesize; size 0 runs to the end).
// Returns 0 when the header itself does not fit.
static int vg_box(const uint8_t *p, size_t left, uint64_t *size, size_t *header) {
    if (left < 8) return 0;
    *size = vg_be32(p);
    *header = 8;
    if (*size == 1) {
        if (left < 16) return 0;
        *size = (uint64_t)vg_be32(p + 8) << 32 | vg_be32(p + 12);
        *header = 16;
    }
    if (*size == 0) *size = left;
    return 1;
}

// The payload of the first box of `type` among the boxes in `data`.
static int vg_find(const uint8_t *data, size_t length, const char *type, const uint8_t **body, size_t *body_length) {
    uint64_t size;
    size_t header;
    for (size_t at = 0; vg_box(data + at, length - at, &size, &header); at += (size_t)size) {
        if (size < header || size > length - at) return 0;
        if (memcmp(data + at + 4, type, 4) == 0) {
            *body = data + at + header;
            *body_length = (size_t)size - header;
            return 1;
        }
        if (size == length - at) return 0;
    }
    return 0;
}

static int vg_is_avif_brand(const uint8_t *brand) {
    return memcmp(brand, "avif", 4) == 0 || memcmp(brand, "avis", 4) == 0;
}

int vg_avif_sniff(const uint8_t *data, size_t length) {
    uint64_t size;
    size_t header;
    if (data == NULL || length < 12 || memcmp(data + 4, "ftyp", 4) != 0) return 0;
    if (!vg_box(data, length, &size, &header) || length < header + 4) return 0;
    if (vg_is_avif_brand(data + header)) return 1;
    // Compatible brands follow the major brand and the minor version.
    size_t end = size > length ? length : (size_t)size;
    for (size_t at = header + 8; at + 4 <= end; at += 4) {
        if (vg_is_avif_brand(data + at)) return 1;
    }
    return 0;
}

int vg_avif_looks_cut_off(const uint8_t *data, size_t length) {
    uint64_t size;
    size_t header;
    int has_mdat = 0;
    for (size_t at = 0; at < length; at += (size_t)size) {
        if (!vg_box(data + at, length - at, &size, &header)) return 1;
        has_mdat = has_mdat || memcmp(data + at + 4, "mdat", 4) == 0;
        if (size < header) return 0;  // malformed, not cut off
        if (size > length - at) return 1;
    }
    return !has_mdat;
}

int vg_avif_largest_ispe(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height) {
    const uint8_t *meta, *iprp, *ipco;
    size_t meta_length, iprp_length, ipco_length;
    *width = *height = 0;
    if (!vg_find(data, length, "meta", &meta, &meta_length) || meta_length < 4) return 0;
    // meta is a full box: version and flags before its children.
    if (!vg_find(meta + 4, meta_length - 4, "iprp", &iprp, &iprp_length)) return 0;
    if (!vg_find(iprp, iprp_length, "ipco", &ipco, &ipco_length)) return 0;
    uint64_t size, largest = 0;
    size_t header;
    for (size_t at = 0; vg_box(ipco + at, ipco_length - at, &size, &header); at += (size_t)size) {
        if (size < header || size > ipco_length - at) break;
        // ispe: version and flags, then 32-bit width and height.
        if (memcmp(ipco + at + 4, "ispe", 4) == 0 && size >= header + 12) {
            uint32_t w = vg_be32(ipco + at + header + 4), h = vg_be32(ipco + at + header + 8);
            if ((uint64_t)w * h > largest) {
                largest = (uint64_t)w * h;
                *width = w;
                *height = h;
            }
        }
        if (size == ipco_length - at) break;
    }
    return largest > 0;
}
