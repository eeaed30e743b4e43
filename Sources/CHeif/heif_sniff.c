// The ftyp brands: which files are HEIF's, and which are AVIF's.
#include "CHeif.h"

#include <string.h>

#define FOURCC(s) ((uint32_t)(s)[0] << 24 | (uint32_t)(s)[1] << 16 | (uint32_t)(s)[2] << 8 | (uint32_t)(s)[3])

static uint32_t vg_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static int vg_is_avif_brand(uint32_t brand) { return brand == FOURCC("avif") || brand == FOURCC("avis"); }

static int vg_is_hevc_brand(uint32_t brand) {
    return brand == FOURCC("heic") || brand == FOURCC("heix") || brand == FOURCC("hevc") ||
           brand == FOURCC("hevx") || brand == FOURCC("heim") || brand == FOURCC("heis");
}

int vg_heif_sniff(const uint8_t *data, size_t length) {
    if (data == NULL || length < 16 || memcmp(data + 4, "ftyp", 4) != 0) return 0;
    uint32_t size = vg_be32(data);
    if (size < 16) return 0;
    size_t end = size > length ? length : size;
    uint32_t major = vg_be32(data + 8);
    int avif = vg_is_avif_brand(major);
    int heif = vg_is_hevc_brand(major) || major == FOURCC("mif1") || major == FOURCC("mif2") ||
               major == FOURCC("msf1");
    // Compatible brands follow the major brand and the minor version.
    for (size_t at = 16; at + 4 <= end; at += 4) {
        uint32_t brand = vg_be32(data + at);
        avif = avif || vg_is_avif_brand(brand);
        heif = heif || vg_is_hevc_brand(brand);
    }
    return heif && !avif;
}

