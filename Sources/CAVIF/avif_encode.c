// AVIF still-image encoding over libavif with every setting pinned, so the
// same pixels give the same bytes on every run and build. Every avifResult
// becomes a VG_AVIF_* code here, so Swift never reads a library message.
#include "CAVIF.h"

#include "avif_library.h"
#include <stdlib.h>

// Quality at and above which chroma keeps full resolution (4:4:4): there
// the bytes go to detail, and halved colour would be the visible loss;
// below it 4:2:0, as JPEG and WebP at the web's usual qualities.
#define VG_AVIF_444_QUALITY 90

// libaom, not rav1e or SVT-AV1 (all three are linked by Debian's libavif):
// it is the reference encoder, its all-intra still-picture mode is the
// densest of the three at a given quality, it encodes 4:4:4, lossless and
// alpha (SVT-AV1 1.4 does none of these), and with one thread its output
// depends only on its input (rav1e and SVT-AV1 schedule work across
// threads and tiles). Its SIMD kernels are bit-exact with its C ones.
#define VG_AVIF_CODEC AVIF_CODEC_CHOICE_AOM

int vg_avif_quantizer(int quality) {
    int q = quality < 1 ? 1 : quality > 100 ? 100 : quality;
    return ((100 - q) * 63 + 50) / 100;
}

int vg_avif_uses_444(vg_avif_encode_options options) {
    return options.lossless || options.quality >= VG_AVIF_444_QUALITY;
}

const char *vg_avif_encoder_name(void) {
    return vg_libavif_load() ? libavif.avifCodecName(VG_AVIF_CODEC, AVIF_CODEC_FLAG_CAN_ENCODE) : NULL;
}

static int vg_encode_result(avifResult result) {
    switch (result) {
    case AVIF_RESULT_OK: return VG_AVIF_OK;
    case AVIF_RESULT_OUT_OF_MEMORY: return VG_AVIF_OUT_OF_MEMORY;
    case AVIF_RESULT_NO_CODEC_AVAILABLE: return VG_AVIF_NO_ENCODER;
    case AVIF_RESULT_INVALID_ARGUMENT: return VG_AVIF_BAD_ARGUMENT;
    default: return VG_AVIF_UNSUPPORTED;
    }
}

// The YUV image with its signalled colour: sRGB primaries and transfer
// (CICP 1/13), full range. Lossy uses the BT.601 matrix (6), as JPEG, WebP
// and avifenc do; lossless the identity matrix (0) in 4:4:4, where Y, U and
// V are G, B and R themselves, so decoding gives the input back exactly.
static avifImage *vg_new_image(uint32_t width, uint32_t height, vg_avif_encode_options options) {
    avifPixelFormat format = vg_avif_uses_444(options) ? AVIF_PIXEL_FORMAT_YUV444 : AVIF_PIXEL_FORMAT_YUV420;
    avifImage *image = libavif.avifImageCreate(width, height, 8, format);
    if (image == NULL) return NULL;
    image->colorPrimaries = AVIF_COLOR_PRIMARIES_BT709;
    image->transferCharacteristics = AVIF_TRANSFER_CHARACTERISTICS_SRGB;
    image->matrixCoefficients =
        options.lossless ? AVIF_MATRIX_COEFFICIENTS_IDENTITY : AVIF_MATRIX_COEFFICIENTS_BT601;
    image->yuvRange = AVIF_RANGE_FULL;
    image->alphaPremultiplied = AVIF_FALSE;
    return image;
}

// RGBA to YUV through libavif's built-in converter, never libyuv: its
// conversion is one C path (libyuv's SIMD and C RGB-to-YUV kernels round
// differently), and chroma is averaged over each 2x2 block.
static int vg_fill_planes(avifImage *image, const uint8_t *rgba, int opaque) {
    avifRGBImage rgb;
    libavif.avifRGBImageSetDefaults(&rgb, image);
    rgb.depth = 8;
    rgb.format = AVIF_RGB_FORMAT_RGBA;
    rgb.chromaDownsampling = AVIF_CHROMA_DOWNSAMPLING_AVERAGE;
    rgb.avoidLibYUV = AVIF_TRUE;
    rgb.ignoreAlpha = opaque ? AVIF_TRUE : AVIF_FALSE;
    rgb.alphaPremultiplied = AVIF_FALSE;
    rgb.isFloat = AVIF_FALSE;
    rgb.pixels = (uint8_t *)rgba;  // read only: libavif converts from it
    rgb.rowBytes = image->width * 4;
    return vg_encode_result(libavif.avifImageRGBToYUV(image, &rgb));
}

// One thread, a fixed speed, no tiling, and the quantizer for colour and
// alpha alike (libavif 0.11 has no `quality` field: its min and max
// quantizer are set to the same value, so libaom encodes at that constant Q).
static avifEncoder *vg_new_encoder(vg_avif_encode_options options) {
    avifEncoder *encoder = libavif.avifEncoderCreate();
    if (encoder == NULL) return NULL;
    int quantizer = options.lossless ? AVIF_QUANTIZER_LOSSLESS : vg_avif_quantizer(options.quality);
    encoder->codecChoice = VG_AVIF_CODEC;
    encoder->maxThreads = 1;
    encoder->speed = options.speed < 0 ? 0 : options.speed > 10 ? 10 : options.speed;
    encoder->minQuantizer = quantizer;
    encoder->maxQuantizer = quantizer;
    encoder->minQuantizerAlpha = quantizer;
    encoder->maxQuantizerAlpha = quantizer;
    encoder->tileRowsLog2 = 0;
    encoder->tileColsLog2 = 0;
    encoder->autoTiling = AVIF_FALSE;
    encoder->keyframeInterval = 0;
    return encoder;
}

int vg_avif_encode_rgba8(const uint8_t *rgba, uint32_t width, uint32_t height, int opaque,
                         vg_avif_encode_options options, uint8_t **output, size_t *output_length) {
    if (rgba == NULL || output == NULL || output_length == NULL || width == 0 || height == 0) {
        return VG_AVIF_BAD_ARGUMENT;
    }
    *output = NULL;
    *output_length = 0;
    if (!vg_libavif_load()) return VG_AVIF_NO_LIBRARY;
    if (vg_avif_encoder_name() == NULL) return VG_AVIF_NO_ENCODER;
    avifImage *image = vg_new_image(width, height, options);
    if (image == NULL) return VG_AVIF_OUT_OF_MEMORY;
    int rc = vg_fill_planes(image, rgba, opaque);
    avifEncoder *encoder = rc == VG_AVIF_OK ? vg_new_encoder(options) : NULL;
    if (rc == VG_AVIF_OK && encoder == NULL) rc = VG_AVIF_OUT_OF_MEMORY;
    avifRWData data = AVIF_DATA_EMPTY;
    if (rc == VG_AVIF_OK) rc = vg_encode_result(libavif.avifEncoderWrite(encoder, image, &data));
    if (rc == VG_AVIF_OK) {
        *output = malloc(data.size);
        if (*output == NULL) rc = VG_AVIF_OUT_OF_MEMORY;
        else {
            for (size_t i = 0; i < data.size; i++) (*output)[i] = data.data[i];
            *output_length = data.size;
        }
    }
    libavif.avifRWDataFree(&data);
    if (encoder != NULL) libavif.avifEncoderDestroy(encoder);
    libavif.avifImageDestroy(image);
    return rc;
}

void vg_avif_free(uint8_t *bytes) { free(bytes); }
