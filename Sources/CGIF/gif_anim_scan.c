// The animation header of a GIF: every record walked by its lengths, image
// data skipped sub-block by sub-block, never decompressed, so frame count,
// canvas and durations are known before any pixel memory exists.
#include "CGIF.h"

#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t at;
} vg_cursor;

// Skips a chain of sub-blocks up to and including its zero-length end;
// 0 when the data ends first.
static int vg_skip_blocks(vg_cursor *c) {
    while (c->at < c->length) {
        size_t size = c->data[c->at++];
        if (size == 0) return 1;
        if (size > c->length - c->at) return 0;
        c->at += size;
    }
    return 0;
}

// An extension: a Graphic Control Extension sets `*delay`, a looping
// application extension `info->loop_count` (the first one found).
static int vg_scan_extension(vg_cursor *c, int *delay, vg_gif_anim_info *info) {
    if (c->length - c->at < 2) return 0;
    uint8_t label = c->data[c->at + 1];
    c->at += 2;
    const uint8_t *block = c->data + c->at;
    size_t left = c->length - c->at;
    if (label == 0xF9 && left >= 5 && block[0] >= 4) {
        *delay = block[2] | block[3] << 8;
    } else if (label == 0xFF && left >= 12 && block[0] == 11 &&
               (memcmp(block + 1, "NETSCAPE2.0", 11) == 0 || memcmp(block + 1, "ANIMEXTS1.0", 11) == 0) &&
               left >= 16 && block[12] >= 3 && block[13] == 1 && info->loop_count < 0) {
        info->loop_count = block[14] | block[15] << 8;
    }
    return vg_skip_blocks(c);
}

// An image descriptor, its local colour map and its image data: 1 when
// complete, 2 when the data ends inside the image data (the frame may still
// decode, as far as it goes), 0 when it ends before. The first frame grows
// the canvas as vg_gif_probe does.
static int vg_scan_image(vg_cursor *c, vg_gif_anim_info *info) {
    if (c->length - c->at < 10) return 0;
    const uint8_t *d = c->data + c->at;
    uint32_t left = d[1] | d[2] << 8, top = d[3] | d[4] << 8;
    uint32_t width = d[5] | d[6] << 8, height = d[7] | d[8] << 8;
    size_t map = (d[9] & 0x80) ? 3u << ((d[9] & 7) + 1) : 0;
    c->at += 10;
    if (map > c->length - c->at || c->length - c->at - map < 1) return 0;
    c->at += map + 1;  // the colour map, then the LZW minimum code size
    if (info->frame_count == 0) {
        if (left + width > info->width) info->width = left + width;
        if (top + height > info->height) info->height = top + height;
    }
    return vg_skip_blocks(c) ? 1 : 2;
}

// A frame whose image data is cut off still counts (it may decode as far as
// it goes): the count is an upper bound, what the limits need.
int vg_gif_anim_scan(const uint8_t *data, size_t length, uint64_t max_pixels, vg_gif_anim_info *info) {
    if (info == NULL) return VG_GIF_BAD_ARGUMENT;
    memset(info, 0, sizeof *info);
    info->loop_count = -1;
    if (!vg_gif_sniff(data, length)) return VG_GIF_NOT_GIF;
    if (length < 13) return VG_GIF_TRUNCATED;
    info->width = (uint32_t)data[6] | (uint32_t)data[7] << 8;
    info->height = (uint32_t)data[8] | (uint32_t)data[9] << 8;
    if ((uint64_t)info->width * info->height > max_pixels) return VG_GIF_TOO_LARGE;
    vg_cursor c = {data, length, 13};
    size_t global = (data[10] & 0x80) ? 3u << ((data[10] & 7) + 1) : 0;
    int delay = 0, ok = global <= length - 13, ended = 0;
    if (ok) c.at += global;
    while (ok && !ended) {
        if (c.at >= length) {
            ok = 0;
            break;
        }
        switch (data[c.at]) {
        case 0x21: ok = vg_scan_extension(&c, &delay, info); break;
        case 0x2C: {
            int found = vg_scan_image(&c, info);
            if (found) {
                info->frame_count++;
                info->duration_ms += (uint64_t)delay * 10;
                delay = 0;
            }
            ok = found == 1;
            break;
        }
        case 0x3B: ended = 1; break;
        default: ok = 0; break;
        }
    }
    if (info->frame_count == 0) {
        if (ended) return VG_GIF_NO_IMAGE;
        return c.at >= length ? VG_GIF_TRUNCATED : VG_GIF_MALFORMED;
    }
    info->damaged = !ended;
    if ((uint64_t)info->width * info->height > max_pixels) return VG_GIF_TOO_LARGE;
    if (info->width == 0 || info->height == 0) return VG_GIF_MALFORMED;
    return VG_GIF_OK;
}
