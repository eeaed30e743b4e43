// Encoding through libwebp's advanced API into a memory writer.
#include "CWebP.h"

#include <webp/encode.h>

#include "webp_config.h"

static int vg_encode_status(WebPEncodingError error) {
    switch (error) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY:
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return VG_WEBP_OUT_OF_MEMORY;
    case VP8_ENC_ERROR_BAD_DIMENSION: return VG_WEBP_BAD_DIMENSION;
    case VP8_ENC_ERROR_NULL_PARAMETER:
    case VP8_ENC_ERROR_INVALID_CONFIGURATION: return VG_WEBP_BAD_ARGUMENT;
    default: return VG_WEBP_ENCODE_FAILED;
    }
}

int vg_webp_configure(WebPConfig *config, float quality, int lossless) {
    if (!WebPConfigInit(config)) return 0;
    config->lossless = lossless ? 1 : 0;
    config->quality = quality;
    // One thread: the bytes must not depend on scheduling.
    config->thread_level = 0;
    // Transparent pixels' colours may be rewritten (they are invisible).
    config->exact = 0;
    return WebPValidateConfig(config);
}

int vg_webp_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int opaque,
                   vg_webp_encode_options options, uint8_t **out, size_t *out_length) {
    if (rgba == NULL || out == NULL || out_length == NULL) return VG_WEBP_BAD_ARGUMENT;
    *out = NULL;
    *out_length = 0;
    if (width == 0 || height == 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
        return VG_WEBP_BAD_DIMENSION;
    }
    WebPConfig config;
    if (!vg_webp_configure(&config, options.quality, options.lossless)) return VG_WEBP_BAD_ARGUMENT;
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) return VG_WEBP_BAD_ARGUMENT;
    picture.width = (int)width;
    picture.height = (int)height;
    picture.use_argb = config.lossless;
    // RGBX drops the fourth byte, so an opaque picture carries no alpha plane.
    int imported = opaque ? WebPPictureImportRGBX(&picture, rgba, (int)width * 4)
                          : WebPPictureImportRGBA(&picture, rgba, (int)width * 4);
    if (!imported) {
        WebPPictureFree(&picture);
        return VG_WEBP_OUT_OF_MEMORY;
    }
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = WebPEncode(&config, &picture);
    WebPEncodingError error = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) {
        WebPMemoryWriterClear(&writer);
        return vg_encode_status(error);
    }
    *out = writer.mem;
    *out_length = writer.size;
    return VG_WEBP_OK;
}

void vg_webp_free(void *pointer) { WebPFree(pointer); }
