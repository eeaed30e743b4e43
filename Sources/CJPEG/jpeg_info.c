// Header facts and metadata markers: everything a caller needs to decide on
// limits, scale and colour handling before any pixel memory exists.
#include "jpeg_private.h"

#include <stdlib.h>
#include <string.h>

static const uint8_t vg_icc_tag[12] = {'I', 'C', 'C', '_', 'P', 'R', 'O', 'F', 'I', 'L', 'E', 0};
static const uint8_t vg_exif_tag[6] = {'E', 'x', 'i', 'f', 0, 0};

static int vg_color_space(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_GRAYSCALE: return VG_JPEG_COLOR_GREY;
    case JCS_RGB: return VG_JPEG_COLOR_RGB;
    case JCS_YCbCr: return VG_JPEG_COLOR_YCBCR;
    case JCS_CMYK: return VG_JPEG_COLOR_CMYK;
    case JCS_YCCK: return VG_JPEG_COLOR_YCCK;
    default: return VG_JPEG_COLOR_UNKNOWN;
    }
}

static int vg_copy(const uint8_t *bytes, size_t length, uint8_t **out, size_t *out_length) {
    *out = (uint8_t *)malloc(length > 0 ? length : 1);
    if (*out == NULL) return VG_JPEG_OUT_OF_MEMORY;
    memcpy(*out, bytes, length);
    *out_length = length;
    return VG_JPEG_OK;
}

static int vg_find_exif(j_decompress_ptr cinfo, vg_jpeg_info *info) {
    for (jpeg_saved_marker_ptr m = cinfo->marker_list; m != NULL; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length >= sizeof vg_exif_tag &&
            memcmp(m->data, vg_exif_tag, sizeof vg_exif_tag) == 0) {
            return vg_copy(m->data, m->data_length, &info->exif, &info->exif_length);
        }
    }
    return VG_JPEG_OK;
}

/// An ICC profile may span up to 255 APP2 markers, each numbered (1-based)
/// with the total count. Chunks may arrive in any order; a missing,
/// duplicated or inconsistently counted chunk leaves the file without a
/// profile rather than with a corrupt one.
static int vg_find_icc(j_decompress_ptr cinfo, vg_jpeg_info *info) {
    jpeg_saved_marker_ptr chunks[256] = {NULL};
    int count = 0;
    const unsigned header = sizeof vg_icc_tag + 2;
    for (jpeg_saved_marker_ptr m = cinfo->marker_list; m != NULL; m = m->next) {
        if (m->marker != JPEG_APP0 + 2 || m->data_length < header ||
            memcmp(m->data, vg_icc_tag, sizeof vg_icc_tag) != 0) continue;
        int sequence = m->data[12], total = m->data[13];
        if (total == 0 || sequence == 0 || sequence > total || (count != 0 && total != count) ||
            chunks[sequence] != NULL) return VG_JPEG_OK;
        count = total;
        chunks[sequence] = m;
    }
    if (count == 0) return VG_JPEG_OK;
    size_t length = 0;
    for (int i = 1; i <= count; i++) {
        if (chunks[i] == NULL) return VG_JPEG_OK;
        length += chunks[i]->data_length - header;
    }
    if (length == 0) return VG_JPEG_OK;
    info->icc = (uint8_t *)malloc(length);
    if (info->icc == NULL) return VG_JPEG_OUT_OF_MEMORY;
    for (int i = 1; i <= count; i++) {
        size_t part = chunks[i]->data_length - header;
        memcpy(info->icc + info->icc_length, chunks[i]->data + header, part);
        info->icc_length += part;
    }
    return VG_JPEG_OK;
}

static void vg_fill_info(j_decompress_ptr cinfo, vg_jpeg_info *info) {
    info->width = cinfo->image_width;
    info->height = cinfo->image_height;
    info->components = cinfo->num_components;
    info->color_space = vg_color_space(cinfo->jpeg_color_space);
    info->progressive = cinfo->progressive_mode ? 1 : 0;
    info->arithmetic = cinfo->arith_code ? 1 : 0;
    info->precision = cinfo->data_precision;
    info->adobe_transform = cinfo->saw_Adobe_marker ? cinfo->Adobe_transform : -1;
}

int vg_jpeg_read_info(const uint8_t *data, size_t length, vg_jpeg_info *info,
                      char *err, size_t err_length) {
    if (data == NULL || info == NULL || length == 0) return VG_JPEG_BAD_ARGUMENT;
    memset(info, 0, sizeof *info);
    struct jpeg_decompress_struct cinfo;
    vg_jpeg_error error;
    cinfo.err = vg_jpeg_error_init(&error, err, err_length);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        vg_jpeg_info_free(info);
        return error.code;
    }
    jpeg_create_decompress(&cinfo);
    cinfo.mem->max_memory_to_use = VG_JPEG_MAX_WORKING_MEMORY;
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    // Saved markers copy file bytes: bounded by the file's size.
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);
    vg_fill_info(&cinfo, info);
    int rc = vg_find_exif(&cinfo, info);
    if (rc == VG_JPEG_OK) rc = vg_find_icc(&cinfo, info);
    jpeg_destroy_decompress(&cinfo);
    if (rc != VG_JPEG_OK) vg_jpeg_info_free(info);
    return rc;
}

void vg_jpeg_info_free(vg_jpeg_info *info) {
    if (info == NULL) return;
    free(info->exif);
    free(info->icc);
    info->exif = NULL;
    info->icc = NULL;
    info->exif_length = 0;
    info->icc_length = 0;
}
