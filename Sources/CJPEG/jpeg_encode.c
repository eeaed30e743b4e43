// One encode inside one C function with its own setjmp. The destination is
// our own growable buffer (not jpeg_mem_dest, whose buffer cannot be freed
// reliably after an error), so nothing leaks when libjpeg fails.
#include "jpeg_private.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    struct jpeg_destination_mgr pub;    /* first, so cinfo->dest casts to this */
    uint8_t *data;
    size_t capacity;
} vg_jpeg_dest;

// The buffer is allocated here and grown in vg_dest_grow, never in the
// function that holds the setjmp, so its pointer is current after a longjmp.
static void vg_dest_init(j_compress_ptr cinfo) {
    vg_jpeg_dest *dest = (vg_jpeg_dest *)cinfo->dest;
    dest->capacity = 16384 + (size_t)cinfo->image_width * cinfo->image_height / 4;
    dest->data = (uint8_t *)malloc(dest->capacity);
    if (dest->data == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 11);
    dest->pub.next_output_byte = dest->data;
    dest->pub.free_in_buffer = dest->capacity;
}

static boolean vg_dest_grow(j_compress_ptr cinfo) {
    vg_jpeg_dest *dest = (vg_jpeg_dest *)cinfo->dest;
    // libjpeg calls this only when the buffer is full: free_in_buffer is 0.
    size_t used = dest->capacity;
    uint8_t *grown = (uint8_t *)realloc(dest->data, dest->capacity * 2);
    if (grown == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    dest->data = grown;
    dest->capacity *= 2;
    dest->pub.next_output_byte = grown + used;
    dest->pub.free_in_buffer = dest->capacity - used;
    return TRUE;
}

static void vg_dest_term(j_compress_ptr cinfo) { (void)cinfo; }

static void vg_configure(j_compress_ptr cinfo, uint32_t width, uint32_t height, vg_jpeg_encode_options options) {
    cinfo->image_width = width;
    cinfo->image_height = height;
    cinfo->input_components = 4;
    cinfo->in_color_space = JCS_EXT_RGBX;
    jpeg_set_defaults(cinfo);
    jpeg_set_colorspace(cinfo, JCS_YCbCr);
    int quality = options.quality < 1 ? 1 : options.quality > 100 ? 100 : options.quality;
    jpeg_set_quality(cinfo, quality, TRUE);
    cinfo->dct_method = JDCT_ISLOW;
    cinfo->optimize_coding = options.optimize_coding ? TRUE : FALSE;
    // The JFIF header is pinned: version 1.01, no density, no thumbnail.
    cinfo->write_JFIF_header = TRUE;
    cinfo->JFIF_major_version = 1;
    cinfo->JFIF_minor_version = 1;
    cinfo->density_unit = 0;
    cinfo->X_density = 1;
    cinfo->Y_density = 1;
    int factor = options.subsample ? 2 : 1;
    cinfo->comp_info[0].h_samp_factor = factor;
    cinfo->comp_info[0].v_samp_factor = factor;
    for (int i = 1; i < 3; i++) {
        cinfo->comp_info[i].h_samp_factor = 1;
        cinfo->comp_info[i].v_samp_factor = 1;
    }
    if (options.progressive) jpeg_simple_progression(cinfo);
}

int vg_jpeg_encode_rgbx8(const uint8_t *pixels, uint32_t width, uint32_t height,
                         vg_jpeg_encode_options options, uint8_t **out, size_t *out_length,
                         char *err, size_t err_length) {
    if (pixels == NULL || out == NULL || out_length == NULL || width == 0 || height == 0) return VG_JPEG_BAD_ARGUMENT;
    if (width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION) {
        vg_jpeg_set_error(err, err_length, "JPEG dimensions are limited to 65500 pixels a side");
        return VG_JPEG_BAD_ARGUMENT;
    }
    *out = NULL;
    *out_length = 0;
    struct jpeg_compress_struct cinfo;
    vg_jpeg_error error;
    vg_jpeg_dest dest = {{0}, NULL, 0};
    cinfo.err = vg_jpeg_error_init(&error, err, err_length);
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(dest.data);
        return error.code;
    }
    jpeg_create_compress(&cinfo);
    dest.pub.init_destination = vg_dest_init;
    dest.pub.empty_output_buffer = vg_dest_grow;
    dest.pub.term_destination = vg_dest_term;
    cinfo.dest = &dest.pub;
    vg_configure(&cinfo, width, height, options);
    jpeg_start_compress(&cinfo, TRUE);
    const size_t stride = (size_t)width * 4;
    while (cinfo.next_scanline < height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    size_t length = dest.capacity - dest.pub.free_in_buffer;
    jpeg_destroy_compress(&cinfo);
    // The buffer was sized generously up front: hand back only what is used.
    uint8_t *fitted = (uint8_t *)realloc(dest.data, length > 0 ? length : 1);
    *out = fitted != NULL ? fitted : dest.data;
    *out_length = length;
    return VG_JPEG_OK;
}
