// Container probing and primary-image decoding over libheif. Every
// heif_error becomes a VG_HEIF_* code here, so Swift never reads a library
// message; libheif prints nothing itself.
#include "CHeif.h"
#include "heif_boxes.h"
#include "heif_library.h"

#include <libheif/heif.h>
#include <limits.h>
#include <string.h>

static int vg_result(struct heif_error error) {
    switch (error.code) {
    case heif_error_Ok: return VG_HEIF_OK;
    case heif_error_Memory_allocation_error:
        // libheif's own ceilings (image size, boxes, references) are limits, not damage.
        return error.subcode == heif_suberror_Security_limit_exceeded ? VG_HEIF_UNSUPPORTED : VG_HEIF_OUT_OF_MEMORY;
    case heif_error_Unsupported_feature:
        return error.subcode == heif_suberror_Unsupported_codec ? VG_HEIF_NO_CODEC : VG_HEIF_UNSUPPORTED;
    case heif_error_Unsupported_filetype: return VG_HEIF_UNSUPPORTED;
    case heif_error_Invalid_input:
        return error.subcode == heif_suberror_End_of_data ? VG_HEIF_TRUNCATED : VG_HEIF_MALFORMED;
    case heif_error_Usage_error: return VG_HEIF_BAD_ARGUMENT;
    default: return VG_HEIF_MALFORMED;
    }
}

static int vg_failure(struct heif_error error, const uint8_t *data, size_t length) {
    int rc = vg_result(error);
    return rc == VG_HEIF_MALFORMED && vg_heif_looks_cut_off(data, length) ? VG_HEIF_TRUNCATED : rc;
}

typedef struct {
    struct heif_context *context;
    struct heif_image_handle *handle;
} vg_heif;

static void vg_close(vg_heif *heif) {
    if (heif->handle != NULL) libheif.heif_image_handle_release(heif->handle);
    if (heif->context != NULL) libheif.heif_context_free(heif->context);
    heif->handle = NULL;
    heif->context = NULL;
}

// The compression format of a coded item type, undefined when libheif 1.15 knows none.
static enum heif_compression_format vg_format(const char codec[5]) {
    static const struct { const char *type; enum heif_compression_format format; } formats[] = {
        {"hvc1", heif_compression_HEVC}, {"av01", heif_compression_AV1}, {"avc1", heif_compression_AVC},
        {"jpeg", heif_compression_JPEG}, {"j2k1", heif_compression_JPEG2000}, {"vvc1", heif_compression_VVC},
        {"evc1", heif_compression_EVC}};
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        if (memcmp(codec, formats[i].type, 4) == 0) return formats[i].format;
    }
    return heif_compression_undefined;
}

static void vg_fill_info(const struct heif_image_handle *handle, vg_heif_info *info) {
    info->width = (uint32_t)libheif.heif_image_handle_get_width(handle);
    info->height = (uint32_t)libheif.heif_image_handle_get_height(handle);
    if (info->stored_width == 0 || info->stored_height == 0) {  // the shim's own read of the primary's ispe first
        info->stored_width = (uint32_t)libheif.heif_image_handle_get_ispe_width(handle);
        info->stored_height = (uint32_t)libheif.heif_image_handle_get_ispe_height(handle);
    }
    int depth = libheif.heif_image_handle_get_luma_bits_per_pixel(handle);
    info->depth = depth > 0 ? (uint32_t)depth : 8;
    info->has_alpha = libheif.heif_image_handle_has_alpha_channel(handle) ? 1 : 0;
    info->alpha_premultiplied = libheif.heif_image_handle_is_premultiplied_alpha(handle) ? 1 : 0;
    info->icc_size = libheif.heif_image_handle_get_raw_color_profile_size(handle);
    struct heif_color_profile_nclx *nclx = NULL;
    if (libheif.heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok && nclx != NULL) {
        info->has_nclx = 1;
        info->color_primaries = (uint16_t)nclx->color_primaries;
        info->transfer_characteristics = (uint16_t)nclx->transfer_characteristics;
        info->matrix_coefficients = (uint16_t)nclx->matrix_coefficients;
    }
    if (nclx != NULL) libheif.heif_nclx_color_profile_free(nclx);
}

static int vg_check_limits(const vg_heif_info *info, vg_heif_limits limits) {
    if (info->width == 0 || info->height == 0) return VG_HEIF_MALFORMED;
    uint32_t width = info->stored_width > info->width ? info->stored_width : info->width;
    uint32_t height = info->stored_height > info->height ? info->stored_height : info->height;
    if ((uint64_t)width * height > limits.max_pixels) return VG_HEIF_TOO_LARGE;
    if (width > limits.max_side || height > limits.max_side) return VG_HEIF_SIDE_TOO_LONG;
    // libheif opened the primary image, so `codec` is what it would decode
    // (a grid's tiles); a type it has no decoder for, or knows nothing of, is named.
    enum heif_compression_format format = vg_format(info->codec);
    int derived = memcmp(info->codec, "grid", 4) == 0 || memcmp(info->codec, "iovl", 4) == 0 ||
                  memcmp(info->codec, "iden", 4) == 0;
    if (format == heif_compression_undefined ? info->codec[0] != 0 && !derived
                                             : !libheif.heif_have_decoder_for_format(format)) {
        return VG_HEIF_NO_CODEC;
    }
    return VG_HEIF_OK;
}

// Checks the container and the limits, then opens the primary image.
static int vg_open(const uint8_t *data, size_t length, vg_heif_limits limits, vg_heif_info *info, vg_heif *heif) {
    memset(heif, 0, sizeof *heif);
    if (info == NULL) return VG_HEIF_BAD_ARGUMENT;
    memset(info, 0, sizeof *info);
    info->mirror = -1;
    if (data == NULL || !vg_heif_sniff(data, length)) return VG_HEIF_NOT_HEIF;
    int rc = vg_heif_check_sizes(data, length, limits, info);
    if (rc == VG_HEIF_OK) rc = vg_heif_check_items(data, length, limits, info);
    if (rc != VG_HEIF_OK) return rc;
    if (!vg_libheif_load()) return VG_HEIF_NO_LIBRARY;
    heif->context = libheif.heif_context_alloc();
    if (heif->context == NULL) return VG_HEIF_OUT_OF_MEMORY;
    // libheif refuses a side >= its limit: the caller's, as a second guard.
    libheif.heif_context_set_maximum_image_size_limit(heif->context, limits.max_side >= INT_MAX ? INT_MAX : (int)limits.max_side + 1);
    libheif.heif_context_set_max_decoding_threads(heif->context, 0);  // tiles in this thread
    struct heif_error error = libheif.heif_context_read_from_memory_without_copy(heif->context, data, length, NULL);
    if (error.code == heif_error_Ok) error = libheif.heif_context_get_primary_image_handle(heif->context, &heif->handle);
    if (error.code != heif_error_Ok) {
        vg_close(heif);
        return vg_failure(error, data, length);
    }
    vg_fill_info(heif->handle, info);
    rc = vg_check_limits(info, limits);
    if (rc == VG_HEIF_TOO_LARGE || rc == VG_HEIF_SIDE_TOO_LONG) {
        if (info->stored_width < info->width || info->stored_height < info->height) {
            info->stored_width = info->width;
            info->stored_height = info->height;
        }
    }
    if (rc != VG_HEIF_OK) vg_close(heif);
    return rc;
}

// Copies the profile when the caller's buffer has its exact size.
static void vg_copy_icc(const struct heif_image_handle *handle, size_t size, uint8_t *icc, size_t icc_length) {
    if (icc != NULL && icc_length > 0 && icc_length == size) libheif.heif_image_handle_get_raw_color_profile(handle, icc);
}

int vg_heif_probe(const uint8_t *data, size_t length, vg_heif_limits limits, vg_heif_info *info,
                  uint8_t *icc, size_t icc_length) {
    vg_heif heif;
    int rc = vg_open(data, length, limits, info, &heif);
    if (rc == VG_HEIF_OK) vg_copy_icc(heif.handle, info->icc_size, icc, icc_length);
    vg_close(&heif);
    return rc;
}

// Interleaved RGBA rows (8 bits, or 16-bit little-endian samples of `bits`
// significant bits) to packed RGBA8, rounding v * 255 / max to nearest.
static void vg_copy_rows(const uint8_t *plane, int stride, int bits, uint32_t width, uint32_t height, uint8_t *out) {
    size_t row_bytes = (size_t)width * 4;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = plane + (size_t)y * (size_t)stride;
        uint8_t *target = out + y * row_bytes;
        if (bits <= 8) {
            memcpy(target, row, row_bytes);
            continue;
        }
        uint32_t max = (1u << bits) - 1;
        for (size_t i = 0; i < row_bytes; i++) {
            uint32_t v = (uint32_t)row[2 * i] | (uint32_t)row[2 * i + 1] << 8;
            v = v > max ? max : v;
            target[i] = (uint8_t)((v * 255 + max / 2) / max);
        }
    }
}

// Colour stored premultiplied (a 'prem' reference) back to straight alpha.
static void vg_unpremultiply(uint8_t *rgba, size_t pixels) {
    for (size_t i = 0; i < pixels * 4; i += 4) {
        uint32_t a = rgba[i + 3];
        for (int c = 0; c < 3; c++) {
            uint32_t v = a == 0 ? 0 : ((uint32_t)rgba[i + c] * 255 + a / 2) / a;
            rgba[i + c] = (uint8_t)(v > 255 ? 255 : v);
        }
    }
}

static int vg_decode_into(const vg_heif *heif, const vg_heif_info *info, uint8_t *out) {
    struct heif_decoding_options *options = libheif.heif_decoding_options_alloc();
    if (options == NULL) return VG_HEIF_OUT_OF_MEMORY;
    options->ignore_transformations = 0;  // clap, irot and imir are applied; Exif is never read
    options->convert_hdr_to_8bit = 0;     // more than 8 bits come as 16-bit samples, rounded here
    int high = info->depth > 8;
    struct heif_image *image = NULL;
    struct heif_error error = libheif.heif_decode_image(
        heif->handle, &image, heif_colorspace_RGB,
        high ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RGBA, options);
    libheif.heif_decoding_options_free(options);
    if (error.code != heif_error_Ok) return vg_result(error);
    int stride = 0;
    const uint8_t *plane = libheif.heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    int bits = libheif.heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved);
    int rc = VG_HEIF_OK;
    // The image must have the size the caller allocated for.
    if (plane == NULL || libheif.heif_image_get_width(image, heif_channel_interleaved) != (int)info->width ||
        libheif.heif_image_get_height(image, heif_channel_interleaved) != (int)info->height || bits < 8 || bits > 16 ||
        (high != (bits > 8)) || stride < (int)info->width * (high ? 8 : 4)) {
        rc = VG_HEIF_MALFORMED;
    } else {
        vg_copy_rows(plane, stride, bits, info->width, info->height, out);
        if (libheif.heif_image_is_premultiplied_alpha(image)) vg_unpremultiply(out, (size_t)info->width * info->height);
    }
    libheif.heif_image_release(image);
    return rc;
}

int vg_heif_decode_rgba8(const uint8_t *data, size_t length, vg_heif_limits limits,
                         uint8_t *out, size_t out_length, uint8_t *icc, size_t icc_length) {
    if (out == NULL) return VG_HEIF_BAD_ARGUMENT;
    vg_heif_info info;
    vg_heif heif;
    int rc = vg_open(data, length, limits, &info, &heif);
    if (rc != VG_HEIF_OK) return rc;
    if ((uint64_t)info.width * info.height * 4 > out_length) {
        vg_close(&heif);
        return VG_HEIF_BAD_ARGUMENT;
    }
    vg_copy_icc(heif.handle, info.icc_size, icc, icc_length);
    rc = vg_decode_into(&heif, &info, out);
    if (rc == VG_HEIF_MALFORMED && vg_heif_looks_cut_off(data, length)) rc = VG_HEIF_TRUNCATED;
    vg_close(&heif);
    return rc;
}

const char *vg_heif_version(void) { return vg_libheif_load() ? libheif.heif_get_version() : "not loaded"; }

void vg_heif_decoders(char out[512]) {
    static const struct { const char *name; enum heif_compression_format format; } formats[] = {
        {"HEVC", heif_compression_HEVC}, {"AV1", heif_compression_AV1}, {"AVC", heif_compression_AVC},
        {"JPEG", heif_compression_JPEG}, {"JPEG 2000", heif_compression_JPEG2000}};
    size_t used = 0;
    out[0] = 0;
    if (!vg_libheif_load()) return;
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        const struct heif_decoder_descriptor *decoders[1];
        if (libheif.heif_get_decoder_descriptors(formats[i].format, decoders, 1) < 1) continue;
        const char *name = libheif.heif_decoder_descriptor_get_name(decoders[0]);
        size_t needed = strlen(formats[i].name) + strlen(name) + 4;
        if (used + needed >= 512) break;
        memcpy(out + used, used > 0 ? "; " : "", used > 0 ? 2 : 0);
        used += used > 0 ? 2 : 0;
        memcpy(out + used, formats[i].name, strlen(formats[i].name));
        used += strlen(formats[i].name);
        memcpy(out + used, ": ", 2);
        used += 2;
        memcpy(out + used, name, strlen(name));
        used += strlen(name);
        out[used] = 0;
    }
}
