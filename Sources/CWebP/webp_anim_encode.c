// Animated WebP through libwebpmux's WebPAnimEncoder, every option pinned.
#include "CWebP.h"

#include <stdlib.h>
#include <webp/encode.h>
#include <webp/mux.h>

#include "webp_config.h"

struct vg_webp_anim_encoder {
    WebPAnimEncoder *encoder;
    WebPConfig config;
    int width;
    int height;
};

int vg_webp_anim_encoder_new(uint32_t width, uint32_t height, int loop_count, float quality, int lossless,
                             vg_webp_anim_encoder **out) {
    if (out == NULL) return VG_WEBP_BAD_ARGUMENT;
    *out = NULL;
    if (width == 0 || height == 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
        return VG_WEBP_BAD_DIMENSION;
    }
    if (loop_count < 0 || loop_count > 65535) return VG_WEBP_BAD_ARGUMENT;
    vg_webp_anim_encoder *state = calloc(1, sizeof(*state));
    if (state == NULL) return VG_WEBP_OUT_OF_MEMORY;
    if (!vg_webp_configure(&state->config, quality, lossless)) {
        free(state);
        return VG_WEBP_BAD_ARGUMENT;
    }
    WebPAnimEncoderOptions options;
    if (!WebPAnimEncoderOptionsInit(&options)) {
        free(state);
        return VG_WEBP_BAD_ARGUMENT;
    }
    options.anim_params.loop_count = loop_count;
    // Transparent black: a hint players ignore, pinned so the bytes never vary.
    options.anim_params.bgcolor = 0x00000000;
    // One mode per file (no lossy/lossless trials), no exhaustive search.
    options.minimize_size = 0;
    options.allow_mixed = 0;
    // A key frame at most every 16 frames, at least 9 apart (kmin >= kmax/2 + 1):
    // seeking stays cheap and libwebp's own sanitising leaves these as they are.
    options.kmin = 9;
    options.kmax = 16;
    options.verbose = 0;
    state->encoder = WebPAnimEncoderNew((int)width, (int)height, &options);
    if (state->encoder == NULL) {
        free(state);
        return VG_WEBP_OUT_OF_MEMORY;
    }
    state->width = (int)width;
    state->height = (int)height;
    *out = state;
    return VG_WEBP_OK;
}

static int vg_anim_status(WebPEncodingError error) {
    switch (error) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY:
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return VG_WEBP_OUT_OF_MEMORY;
    case VP8_ENC_ERROR_BAD_DIMENSION: return VG_WEBP_BAD_DIMENSION;
    default: return VG_WEBP_ENCODE_FAILED;
    }
}

int vg_webp_anim_encoder_add(vg_webp_anim_encoder *state, const uint8_t *rgba, int timestamp_ms) {
    if (state == NULL || rgba == NULL) return VG_WEBP_BAD_ARGUMENT;
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) return VG_WEBP_BAD_ARGUMENT;
    picture.width = state->width;
    picture.height = state->height;
    // The animation encoder compares frames in ARGB: import straight there.
    picture.use_argb = 1;
    if (!WebPPictureImportRGBA(&picture, rgba, state->width * 4)) {
        WebPPictureFree(&picture);
        return VG_WEBP_OUT_OF_MEMORY;
    }
    int ok = WebPAnimEncoderAdd(state->encoder, &picture, timestamp_ms, &state->config);
    WebPEncodingError error = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) return error == VP8_ENC_OK ? VG_WEBP_ENCODE_FAILED : vg_anim_status(error);
    return VG_WEBP_OK;
}

int vg_webp_anim_encoder_finish(vg_webp_anim_encoder *state, int end_timestamp_ms, uint8_t **out,
                                size_t *out_length) {
    if (state == NULL || out == NULL || out_length == NULL) return VG_WEBP_BAD_ARGUMENT;
    *out = NULL;
    *out_length = 0;
    if (!WebPAnimEncoderAdd(state->encoder, NULL, end_timestamp_ms, NULL)) return VG_WEBP_ENCODE_FAILED;
    WebPData data;
    WebPDataInit(&data);
    if (!WebPAnimEncoderAssemble(state->encoder, &data)) {
        WebPDataClear(&data);
        return VG_WEBP_ENCODE_FAILED;
    }
    *out = (uint8_t *)data.bytes;
    *out_length = data.size;
    return VG_WEBP_OK;
}

void vg_webp_anim_encoder_delete(vg_webp_anim_encoder *state) {
    if (state == NULL) return;
    WebPAnimEncoderDelete(state->encoder);
    free(state);
}
