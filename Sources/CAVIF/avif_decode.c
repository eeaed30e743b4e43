// Container probing and first-image decoding over libavif. Every avifResult
// becomes a VG_AVIF_* code here, so Swift never reads a library message.
#include "CAVIF.h"
#include "avif_boxes.h"
#include "avif_library.h"

#include <avif/avif.h>
#include <string.h>

static int vg_result(avifResult result) {
    switch (result) {
    case AVIF_RESULT_OK: return VG_AVIF_OK;
    case AVIF_RESULT_TRUNCATED_DATA:
    case AVIF_RESULT_WAITING_ON_IO:
    case AVIF_RESULT_IO_ERROR: return VG_AVIF_TRUNCATED;  // the memory reader fails reads past the end
    case AVIF_RESULT_OUT_OF_MEMORY: return VG_AVIF_OUT_OF_MEMORY;
    case AVIF_RESULT_NO_CODEC_AVAILABLE:
    case AVIF_RESULT_NOT_IMPLEMENTED:
    case AVIF_RESULT_UNSUPPORTED_DEPTH:
    case AVIF_RESULT_REFORMAT_FAILED: return VG_AVIF_UNSUPPORTED;
    case AVIF_RESULT_INVALID_ARGUMENT:
    case AVIF_RESULT_IO_NOT_SET: return VG_AVIF_BAD_ARGUMENT;
    default: return VG_AVIF_MALFORMED;
    }
}

static int vg_failure(avifResult result, const uint8_t *data, size_t length) {
    int rc = vg_result(result);
    return rc == VG_AVIF_MALFORMED && vg_avif_looks_cut_off(data, length) ? VG_AVIF_TRUNCATED : rc;
}

// A decoder with the shim's fixed settings: one thread, strict checks, no
// XMP or Exif (orientation comes from irot/imir, as HEIF readers must),
// and libavif's own size limits lowered to the caller's.
static avifDecoder *vg_new_decoder(const uint8_t *data, size_t length, uint32_t size_limit) {
    avifDecoder *decoder = libavif.avifDecoderCreate();
    if (decoder == NULL) return NULL;
    decoder->maxThreads = 1;
    decoder->strictFlags = AVIF_STRICT_ENABLED;
    decoder->allowProgressive = AVIF_FALSE;
    decoder->ignoreExif = AVIF_TRUE;
    decoder->ignoreXMP = AVIF_TRUE;
    decoder->imageSizeLimit = size_limit;
    decoder->imageDimensionLimit = AVIF_DEFAULT_IMAGE_DIMENSION_LIMIT;
    if (libavif.avifDecoderSetIOMemory(decoder, data, length) != AVIF_RESULT_OK) {
        libavif.avifDecoderDestroy(decoder);
        return NULL;
    }
    return decoder;
}

static void vg_fill_info(const avifDecoder *decoder, vg_avif_info *info) {
    const avifImage *image = decoder->image;
    info->width = image->width;
    info->height = image->height;
    info->depth = image->depth;
    info->has_alpha = decoder->alphaPresent ? 1 : 0;
    info->alpha_premultiplied = image->alphaPremultiplied ? 1 : 0;
    info->image_count = decoder->imageCount;
    info->rotation = (image->transformFlags & AVIF_TRANSFORM_IROT) ? image->irot.angle & 3 : 0;
    info->mirror = (image->transformFlags & AVIF_TRANSFORM_IMIR) ? image->imir.mode & 1 : -1;
    info->icc_size = image->icc.size;
    info->color_primaries = (uint16_t)image->colorPrimaries;
    info->transfer_characteristics = (uint16_t)image->transferCharacteristics;
    info->matrix_coefficients = (uint16_t)image->matrixCoefficients;
}

// When parsing under the caller's limit failed, tells from the item
// properties whether the image is merely over that limit (reported with its
// size) or over libavif's own ceiling.
static int vg_explain_failure(const uint8_t *data, size_t length, uint64_t max_pixels, int rc,
                              vg_avif_info *info) {
    uint32_t width, height;
    if (!vg_avif_largest_ispe(data, length, &width, &height)) return rc;
    uint64_t pixels = (uint64_t)width * height;
    if (pixels > max_pixels) {
        info->width = width;
        info->height = height;
        return VG_AVIF_TOO_LARGE;
    }
    int beyond_libavif = pixels > AVIF_DEFAULT_IMAGE_SIZE_LIMIT || width > AVIF_DEFAULT_IMAGE_DIMENSION_LIMIT ||
                         height > AVIF_DEFAULT_IMAGE_DIMENSION_LIMIT;
    return beyond_libavif ? VG_AVIF_UNSUPPORTED : rc;
}

// Fills `info` and, on success, hands back the parsed decoder (the caller destroys it).
static int vg_open(const uint8_t *data, size_t length, uint64_t max_pixels, vg_avif_info *info,
                   avifDecoder **out_decoder) {
    if (info == NULL) return VG_AVIF_BAD_ARGUMENT;
    memset(info, 0, sizeof *info);
    info->mirror = -1;
    if (!vg_avif_sniff(data, length)) return VG_AVIF_NOT_AVIF;
    if (!vg_libavif_load()) return VG_AVIF_NO_LIBRARY;
    uint32_t size_limit = max_pixels < 1 ? 1
        : max_pixels > AVIF_DEFAULT_IMAGE_SIZE_LIMIT ? AVIF_DEFAULT_IMAGE_SIZE_LIMIT : (uint32_t)max_pixels;
    avifDecoder *decoder = vg_new_decoder(data, length, size_limit);
    if (decoder == NULL) return VG_AVIF_OUT_OF_MEMORY;
    avifResult result = libavif.avifDecoderParse(decoder);
    if (result != AVIF_RESULT_OK) {
        libavif.avifDecoderDestroy(decoder);
        return vg_explain_failure(data, length, max_pixels, vg_failure(result, data, length), info);
    }
    vg_fill_info(decoder, info);
    int rc = VG_AVIF_OK;
    if (info->width == 0 || info->height == 0) rc = VG_AVIF_MALFORMED;
    else if ((uint64_t)info->width * info->height > max_pixels) rc = VG_AVIF_TOO_LARGE;
    if (rc != VG_AVIF_OK) {
        libavif.avifDecoderDestroy(decoder);
        return rc;
    }
    *out_decoder = decoder;
    return VG_AVIF_OK;
}

// Copies the colr box's profile when the caller's buffer has its exact size.
static void vg_copy_icc(const avifDecoder *decoder, uint8_t *icc, size_t icc_length) {
    if (icc != NULL && icc_length > 0 && icc_length == decoder->image->icc.size) {
        memcpy(icc, decoder->image->icc.data, icc_length);
    }
}

int vg_avif_probe(const uint8_t *data, size_t length, uint64_t max_pixels, vg_avif_info *info,
                  uint8_t *icc, size_t icc_length) {
    avifDecoder *decoder = NULL;
    int rc = vg_open(data, length, max_pixels, info, &decoder);
    if (decoder != NULL) {  // libavif's destroy does not accept NULL
        vg_copy_icc(decoder, icc, icc_length);
        libavif.avifDecoderDestroy(decoder);
    }
    return rc;
}

// YUV (and alpha) of the decoded image to straight RGBA8 in `out`.
static int vg_to_rgba8(const avifImage *image, uint8_t *out) {
    avifRGBImage rgb;
    libavif.avifRGBImageSetDefaults(&rgb, image);
    rgb.depth = 8;
    rgb.format = AVIF_RGB_FORMAT_RGBA;
    // Pinned: bilinear chroma upsampling, through libyuv where it has the
    // conversion (as avifdec and Pillow do, so 8-bit pixels match theirs),
    // else libavif's built-in converter. libyuv's C, SSSE3, AVX2 and
    // AVX-512 kernels give the same bytes (measured with LIBYUV_DISABLE_*;
    // a CLI test keeps checking it), and it is 3.5x faster than built-in.
    rgb.chromaUpsampling = AVIF_CHROMA_UPSAMPLING_BILINEAR;
    rgb.avoidLibYUV = AVIF_FALSE;
    rgb.ignoreAlpha = AVIF_FALSE;
    rgb.alphaPremultiplied = AVIF_FALSE;  // libavif un-premultiplies 'prem' images
    rgb.isFloat = AVIF_FALSE;
    rgb.pixels = out;
    rgb.rowBytes = image->width * 4;
    return vg_result(libavif.avifImageYUVToRGB(image, &rgb));
}

int vg_avif_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels,
                         uint8_t *out, size_t out_length, uint8_t *icc, size_t icc_length) {
    if (out == NULL) return VG_AVIF_BAD_ARGUMENT;
    vg_avif_info info;
    avifDecoder *decoder = NULL;
    int rc = vg_open(data, length, max_pixels, &info, &decoder);
    if (rc != VG_AVIF_OK) return rc;
    if ((uint64_t)info.width * info.height * 4 > out_length) {
        libavif.avifDecoderDestroy(decoder);
        return VG_AVIF_BAD_ARGUMENT;
    }
    vg_copy_icc(decoder, icc, icc_length);
    rc = vg_failure(libavif.avifDecoderNextImage(decoder), data, length);
    // The image must have the size the caller allocated for (libavif scales
    // an AV1 frame of another size to the container's, within its limits).
    if (rc == VG_AVIF_OK && (decoder->image->width != info.width || decoder->image->height != info.height ||
                             decoder->image->yuvPlanes[AVIF_CHAN_Y] == NULL)) {
        rc = VG_AVIF_MALFORMED;
    }
    if (rc == VG_AVIF_OK) rc = vg_to_rgba8(decoder->image, out);
    libavif.avifDecoderDestroy(decoder);
    return rc;
}

const char *vg_avif_version(void) { return vg_libavif_load() ? libavif.avifVersion() : "not loaded"; }

void vg_avif_codec_versions(char out[256]) {
    out[0] = 0;
    if (vg_libavif_load()) libavif.avifCodecVersions(out);
}
