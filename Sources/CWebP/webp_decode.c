// Header probing and first-frame decoding. Every libwebp status becomes a
// VG_WEBP_* code here, so Swift never reads a library message.
#include "CWebP.h"

#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>

static int vg_status(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OK: return VG_WEBP_OK;
    case VP8_STATUS_OUT_OF_MEMORY: return VG_WEBP_OUT_OF_MEMORY;
    case VP8_STATUS_INVALID_PARAM: return VG_WEBP_BAD_ARGUMENT;
    case VP8_STATUS_UNSUPPORTED_FEATURE: return VG_WEBP_UNSUPPORTED;
    case VP8_STATUS_NOT_ENOUGH_DATA:
    case VP8_STATUS_SUSPENDED: return VG_WEBP_TRUNCATED;
    default: return VG_WEBP_MALFORMED;
    }
}

static int vg_is_webp(const uint8_t *data, size_t length) {
    return length >= 12 && memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0;
}

// A chunk's payload as a byte range of the caller's data (the demuxer does
// not copy, so its pointers lie inside `data`).
static void vg_chunk_range(const WebPDemuxer *demux, const char *fourcc, const uint8_t *data,
                           size_t length, size_t *offset, size_t *size) {
    WebPChunkIterator chunk;
    *offset = 0;
    *size = 0;
    if (WebPDemuxGetChunk(demux, fourcc, 1, &chunk)) {
        const uint8_t *bytes = chunk.chunk.bytes;
        if (bytes >= data && bytes <= data + length &&
            chunk.chunk.size <= length - (size_t)(bytes - data)) {
            *offset = (size_t)(bytes - data);
            *size = chunk.chunk.size;
        }
    }
    WebPDemuxReleaseChunkIterator(&chunk);
}

// Fills `info` and, on success, hands back the demuxer (the caller deletes it).
static int vg_open(const uint8_t *data, size_t length, uint64_t max_pixels, vg_webp_info *info,
                   WebPDemuxer **out_demux) {
    if (info == NULL) return VG_WEBP_BAD_ARGUMENT;
    memset(info, 0, sizeof *info);
    if (data == NULL || !vg_is_webp(data, length)) return VG_WEBP_NOT_WEBP;
    WebPBitstreamFeatures features;
    int rc = vg_status(WebPGetFeatures(data, length, &features));
    if (rc != VG_WEBP_OK) return rc;
    info->width = (uint32_t)features.width;
    info->height = (uint32_t)features.height;
    info->has_alpha = features.has_alpha;
    info->has_animation = features.has_animation;
    if ((uint64_t)info->width * info->height > max_pixels) return VG_WEBP_TOO_LARGE;

    WebPData whole = {data, length};
    WebPDemuxState state;
    WebPDemuxer *demux = WebPDemuxPartial(&whole, &state);
    if (demux == NULL || state != WEBP_DEMUX_DONE) {
        WebPDemuxDelete(demux);
        return state == WEBP_DEMUX_PARSE_ERROR ? VG_WEBP_MALFORMED : VG_WEBP_TRUNCATED;
    }
    WebPIterator frame;
    if (!WebPDemuxGetFrame(demux, 1, &frame)) {
        WebPDemuxDelete(demux);
        return VG_WEBP_MALFORMED;
    }
    info->frame_count = (int)WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
    info->scalable = frame.x_offset == 0 && frame.y_offset == 0 &&
                     (uint32_t)frame.width == info->width && (uint32_t)frame.height == info->height;
    // Canvas the first frame leaves uncovered is transparent.
    info->has_alpha = info->has_alpha || frame.has_alpha || !info->scalable;
    WebPDemuxReleaseIterator(&frame);
    vg_chunk_range(demux, "ICCP", data, length, &info->iccp_offset, &info->iccp_size);
    vg_chunk_range(demux, "EXIF", data, length, &info->exif_offset, &info->exif_size);
    *out_demux = demux;
    return VG_WEBP_OK;
}

int vg_webp_probe(const uint8_t *data, size_t length, uint64_t max_pixels, vg_webp_info *info) {
    WebPDemuxer *demux = NULL;
    int rc = vg_open(data, length, max_pixels, info, &demux);
    WebPDemuxDelete(demux);
    return rc;
}

// Decodes one bitstream (a whole file or a frame's chunks) into `dst`,
// scaled to width x height when `scale` is set.
static int vg_decode_into(const uint8_t *bytes, size_t size, uint8_t *dst, uint32_t width,
                          uint32_t height, size_t stride, int scale) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return VG_WEBP_BAD_ARGUMENT;
    config.options.use_threads = 0;
    if (scale) {
        config.options.use_scaling = 1;
        config.options.scaled_width = (int)width;
        config.options.scaled_height = (int)height;
    }
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = dst;
    config.output.u.RGBA.stride = (int)stride;
    config.output.u.RGBA.size = stride * (height - 1) + (size_t)width * 4;
    int rc = vg_status(WebPDecode(bytes, size, &config));
    WebPFreeDecBuffer(&config.output);
    return rc;
}

// The first frame over a transparent canvas, as libwebp's animation decoder
// shows it (the first frame is a key frame: nothing to blend with).
static int vg_decode_first_frame(WebPDemuxer *demux, uint8_t *out, uint32_t out_width,
                                 uint32_t out_height, int scaled) {
    WebPIterator frame;
    if (!WebPDemuxGetFrame(demux, 1, &frame)) return VG_WEBP_MALFORMED;
    int rc;
    if (scaled) {
        rc = vg_decode_into(frame.fragment.bytes, frame.fragment.size, out, out_width, out_height,
                            (size_t)out_width * 4, 1);
    } else if (frame.x_offset < 0 || frame.y_offset < 0 || frame.width <= 0 || frame.height <= 0 ||
               (uint32_t)(frame.x_offset + frame.width) > out_width ||
               (uint32_t)(frame.y_offset + frame.height) > out_height) {
        rc = VG_WEBP_MALFORMED;
    } else {
        memset(out, 0, (size_t)out_width * out_height * 4);
        uint8_t *origin = out + ((size_t)frame.y_offset * out_width + (size_t)frame.x_offset) * 4;
        rc = vg_decode_into(frame.fragment.bytes, frame.fragment.size, origin, (uint32_t)frame.width,
                            (uint32_t)frame.height, (size_t)out_width * 4, 0);
    }
    WebPDemuxReleaseIterator(&frame);
    return rc;
}

int vg_webp_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels,
                         uint32_t out_width, uint32_t out_height,
                         uint8_t *out, size_t out_length) {
    if (out == NULL) return VG_WEBP_BAD_ARGUMENT;
    vg_webp_info info;
    WebPDemuxer *demux = NULL;
    int rc = vg_open(data, length, max_pixels, &info, &demux);
    if (rc != VG_WEBP_OK) return rc;
    int scaled = out_width != info.width || out_height != info.height;
    if (out_width == 0 || out_height == 0 || out_width > info.width || out_height > info.height ||
        (uint64_t)out_width * out_height * 4 > out_length || (scaled && !info.scalable)) {
        WebPDemuxDelete(demux);
        return VG_WEBP_BAD_ARGUMENT;
    }
    if (info.has_animation) {
        rc = vg_decode_first_frame(demux, out, out_width, out_height, scaled);
    } else {
        rc = vg_decode_into(data, length, out, out_width, out_height, (size_t)out_width * 4, scaled);
    }
    WebPDemuxDelete(demux);
    return rc;
}

int vg_webp_version(void) { return WebPGetDecoderVersion(); }
