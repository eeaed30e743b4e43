// The coded picture size in an hvcC box's sequence parameter set (ITU-T
// H.265, 7.3.2.2): libde265 allocates the frame the SPS states, whatever
// the item's ispe says, so the limits are checked against it too.
#include "heif_boxes.h"

typedef struct {
    const uint8_t *p;
    size_t n, at;    // bytes, next byte
    int bit;         // next bit of p[at], 7 = most significant
    int zeros;       // zero bytes just read (emulation prevention: 00 00 03 drops the 03)
    int failed;
} vg_bits;

static int vg_bit(vg_bits *b) {
    if (b->bit == 7) {
        if (b->at < b->n && b->zeros >= 2 && b->p[b->at] == 3) {
            b->at++;
            b->zeros = 0;
        }
        if (b->at >= b->n) {
            b->failed = 1;
            return 0;
        }
        b->zeros = b->p[b->at] == 0 ? b->zeros + 1 : 0;
    }
    int value = (b->p[b->at] >> b->bit) & 1;
    if (b->bit-- == 0) {
        b->bit = 7;
        b->at++;
    }
    return value;
}

static uint32_t vg_bits_read(vg_bits *b, int count) {
    uint32_t value = 0;
    while (count-- > 0 && !b->failed) value = value << 1 | (uint32_t)vg_bit(b);
    return value;
}

// ue(v): Exp-Golomb; fails beyond 32 leading zeros.
static uint32_t vg_ue(vg_bits *b) {
    int zeros = 0;
    while (!b->failed && vg_bit(b) == 0) {
        if (++zeros > 31) {
            b->failed = 1;
            return 0;
        }
    }
    return (uint32_t)(((uint64_t)1 << zeros) - 1 + vg_bits_read(b, zeros));
}

// Skips to pic_width_in_luma_samples in an SPS NAL unit (2-byte header first).
static int vg_sps_size(const uint8_t *nal, size_t n, uint32_t *width, uint32_t *height) {
    vg_bits b = {nal, n, 2, 7, 0, 0};
    vg_bits_read(&b, 4);  // sps_video_parameter_set_id
    int sub_layers = (int)vg_bits_read(&b, 3);
    vg_bits_read(&b, 1);
    vg_bits_read(&b, 32);  // profile_tier_level: general part, 96 bits
    vg_bits_read(&b, 32);
    vg_bits_read(&b, 32);
    int profile_present[8] = {0}, level_present[8] = {0};
    for (int i = 0; i < sub_layers; i++) {
        profile_present[i] = (int)vg_bits_read(&b, 1);
        level_present[i] = (int)vg_bits_read(&b, 1);
    }
    if (sub_layers > 0) vg_bits_read(&b, 2 * (8 - sub_layers));
    for (int i = 0; i < sub_layers; i++) {
        if (profile_present[i]) {
            vg_bits_read(&b, 32);
            vg_bits_read(&b, 32);
            vg_bits_read(&b, 24);
        }
        if (level_present[i]) vg_bits_read(&b, 8);
    }
    vg_ue(&b);  // sps_seq_parameter_set_id
    if (vg_ue(&b) == 3) vg_bits_read(&b, 1);  // chroma_format_idc, separate_colour_plane_flag
    *width = vg_ue(&b);
    *height = vg_ue(&b);
    return !b.failed;
}

int vg_heif_hvcc_size(const uint8_t *hvcc, size_t n, uint32_t *width, uint32_t *height) {
    if (n < 23) return 0;
    size_t at = 23;
    for (uint32_t array = 0, arrays = hvcc[22]; array < arrays; array++) {
        if (n - at < 3) return 0;
        int type = hvcc[at] & 0x3F;
        uint32_t count = (uint32_t)hvcc[at + 1] << 8 | hvcc[at + 2];
        at += 3;
        for (uint32_t i = 0; i < count; i++) {
            if (n - at < 2) return 0;
            size_t length = (size_t)hvcc[at] << 8 | hvcc[at + 1];
            at += 2;
            if (n - at < length) return 0;
            if (type == 33 && vg_sps_size(hvcc + at, length, width, height)) return 1;
            at += length;
        }
    }
    return 0;
}
