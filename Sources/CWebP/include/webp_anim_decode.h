#ifndef CWEBP_ANIM_DECODE_H
#define CWEBP_ANIM_DECODE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Animation decoding: after the last frame vg_webp_anim_next returns this.
enum { VG_WEBP_ANIM_END = 100 };

/// What the container says about an animation, from WebPDemux alone (no
/// frame is decoded).
typedef struct {
    uint32_t width;             /* canvas */
    uint32_t height;
    int frame_count;
    int loop_count;             /* 0 = forever */
    uint64_t duration_ms;       /* the frames' durations */
    int has_animation;          /* the ANIM flag: a still file has one frame */
} vg_webp_anim_info;

/// Reads the container. When the canvas exceeds `max_pixels` it returns
/// VG_WEBP_TOO_LARGE with `width` and `height` filled and parses no further.
int vg_webp_anim_probe(const uint8_t *data, size_t length, uint64_t max_pixels, vg_webp_anim_info *info);

/// libwebp's animation decoder (it blends and disposes), one thread,
/// straight-alpha RGBA; `data` must outlive it.
typedef struct vg_webp_anim vg_webp_anim;

int vg_webp_anim_open(const uint8_t *data, size_t length, uint64_t max_pixels, vg_webp_anim **out);

/// The next composed canvas as straight RGBA8 into `out` (`out_length` >=
/// width * height * 4) and its duration; VG_WEBP_ANIM_END after the last.
int vg_webp_anim_next(vg_webp_anim *anim, uint8_t *out, size_t out_length, int *duration_ms);

void vg_webp_anim_close(vg_webp_anim *anim);

#ifdef __cplusplus
}
#endif

#endif
