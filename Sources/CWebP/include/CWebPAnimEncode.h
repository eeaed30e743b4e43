#ifndef CWEBP_ANIM_ENCODE_H
#define CWEBP_ANIM_ENCODE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An animated WebP being written through libwebpmux's WebPAnimEncoder,
/// with every option pinned so the bytes are the same on every run.
typedef struct vg_webp_anim_encoder vg_webp_anim_encoder;

/// Starts an animation of `width` x `height` that plays `loop_count` times
/// (0: forever; at most 65535), each frame encoded with the still
/// encoder's settings at `quality` (0...100) or lossless. Returns a VG_WEBP_
/// code; on success `*out` is the encoder, freed by
/// vg_webp_anim_encoder_delete.
int vg_webp_anim_encoder_new(uint32_t width, uint32_t height, int loop_count, float quality, int lossless,
                             vg_webp_anim_encoder **out);

/// Adds one frame of straight-alpha RGBA8 rows (width * height * 4 bytes)
/// shown from `timestamp_ms` (non-decreasing; the previous frame's duration
/// is the difference).
int vg_webp_anim_encoder_add(vg_webp_anim_encoder *encoder, const uint8_t *rgba, int timestamp_ms);

/// Ends the last frame at `end_timestamp_ms` and assembles the file. Free
/// `*out` with vg_webp_free.
int vg_webp_anim_encoder_finish(vg_webp_anim_encoder *encoder, int end_timestamp_ms, uint8_t **out,
                                size_t *out_length);

void vg_webp_anim_encoder_delete(vg_webp_anim_encoder *encoder);

#ifdef __cplusplus
}
#endif

#endif
