// Animated WebP: the container read through WebPDemux (frame count, canvas,
// loop count, durations, nothing decoded), the frames through libwebp's
// WebPAnimDecoder, which blends and disposes as the specification says.
#include "CWebP.h"

#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>

struct vg_webp_anim {
    WebPAnimDecoder *decoder;
    uint32_t width, height;
    int timestamp;              // the end of the last frame returned, in ms
};

// The whole container parsed, or why not (a cut-off file is truncated).
static int vg_demux(const uint8_t *data, size_t length, WebPDemuxer **out) {
    WebPData whole = {data, length};
    WebPDemuxState state;
    WebPDemuxer *demux = WebPDemuxPartial(&whole, &state);
    if (demux == NULL || state != WEBP_DEMUX_DONE) {
        WebPDemuxDelete(demux);
        return state == WEBP_DEMUX_PARSE_ERROR || state == WEBP_DEMUX_PARSED_HEADER ? VG_WEBP_MALFORMED
                                                                                   : VG_WEBP_TRUNCATED;
    }
    *out = demux;
    return VG_WEBP_OK;
}

int vg_webp_anim_probe(const uint8_t *data, size_t length, uint64_t max_pixels, vg_webp_anim_info *info) {
    if (info == NULL) return VG_WEBP_BAD_ARGUMENT;
    memset(info, 0, sizeof *info);
    if (data == NULL || length < 12 || memcmp(data, "RIFF", 4) != 0 || memcmp(data + 8, "WEBP", 4) != 0) {
        return VG_WEBP_NOT_WEBP;
    }
    WebPBitstreamFeatures features;
    VP8StatusCode status = WebPGetFeatures(data, length, &features);
    if (status != VP8_STATUS_OK) return status == VP8_STATUS_NOT_ENOUGH_DATA ? VG_WEBP_TRUNCATED : VG_WEBP_MALFORMED;
    info->width = (uint32_t)features.width;
    info->height = (uint32_t)features.height;
    info->has_animation = features.has_animation;
    if ((uint64_t)info->width * info->height > max_pixels) return VG_WEBP_TOO_LARGE;
    WebPDemuxer *demux = NULL;
    int rc = vg_demux(data, length, &demux);
    if (rc != VG_WEBP_OK) return rc;
    info->frame_count = (int)WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
    info->loop_count = info->has_animation ? (int)WebPDemuxGetI(demux, WEBP_FF_LOOP_COUNT) : 0;
    WebPIterator frame;
    if (WebPDemuxGetFrame(demux, 1, &frame)) {
        do {
            info->duration_ms += frame.duration > 0 ? (uint64_t)frame.duration : 0;
        } while (WebPDemuxNextFrame(&frame));
        WebPDemuxReleaseIterator(&frame);
    }
    WebPDemuxDelete(demux);
    return info->frame_count > 0 ? VG_WEBP_OK : VG_WEBP_MALFORMED;
}

int vg_webp_anim_open(const uint8_t *data, size_t length, uint64_t max_pixels, vg_webp_anim **out) {
    if (out == NULL) return VG_WEBP_BAD_ARGUMENT;
    *out = NULL;
    vg_webp_anim_info info;
    int rc = vg_webp_anim_probe(data, length, max_pixels, &info);
    if (rc != VG_WEBP_OK) return rc;
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) return VG_WEBP_BAD_ARGUMENT;
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    vg_webp_anim *anim = calloc(1, sizeof *anim);
    if (anim == NULL) return VG_WEBP_OUT_OF_MEMORY;
    WebPData whole = {data, length};
    anim->decoder = WebPAnimDecoderNew(&whole, &options);
    if (anim->decoder == NULL) {
        free(anim);
        return VG_WEBP_MALFORMED;
    }
    anim->width = info.width;
    anim->height = info.height;
    *out = anim;
    return VG_WEBP_OK;
}

int vg_webp_anim_next(vg_webp_anim *anim, uint8_t *out, size_t out_length, int *duration_ms) {
    if (anim == NULL || out == NULL || duration_ms == NULL) return VG_WEBP_BAD_ARGUMENT;
    size_t bytes = (size_t)anim->width * anim->height * 4;
    if (out_length < bytes) return VG_WEBP_BAD_ARGUMENT;
    if (!WebPAnimDecoderHasMoreFrames(anim->decoder)) return VG_WEBP_ANIM_END;
    uint8_t *canvas = NULL;
    int timestamp = 0;
    if (!WebPAnimDecoderGetNext(anim->decoder, &canvas, &timestamp) || canvas == NULL) return VG_WEBP_MALFORMED;
    memcpy(out, canvas, bytes);
    *duration_ms = timestamp - anim->timestamp;
    anim->timestamp = timestamp;
    return VG_WEBP_OK;
}

void vg_webp_anim_close(vg_webp_anim *anim) {
    if (anim == NULL) return;
    WebPAnimDecoderDelete(anim->decoder);
    free(anim);
}
