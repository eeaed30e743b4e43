#ifndef CGIF_H
#define CGIF_H

#include <stddef.h>
#include <stdint.h>

#include "CGIFEncode.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes of the GIF shim; Swift maps them, never a message.
enum {
    VG_GIF_OK = 0,
    VG_GIF_NOT_GIF = 1,         /* no GIF87a / GIF89a signature */
    VG_GIF_TRUNCATED = 2,       /* the data ends before the first frame does */
    VG_GIF_MALFORMED = 3,       /* giflib rejected a record or the LZW data */
    VG_GIF_NO_IMAGE = 4,        /* the file ends (trailer) before any frame */
    VG_GIF_TOO_LARGE = 6,       /* width * height exceeds the caller's limit */
    VG_GIF_OUT_OF_MEMORY = 7,
    VG_GIF_BAD_ARGUMENT = 8,
    VG_GIF_END = 9              /* animation: no frame after the last one */
};

/// The logical screen and the first frame, read before any pixel memory
/// is allocated.
typedef struct {
    uint32_t width;             /* canvas: the logical screen, grown to hold the first frame */
    uint32_t height;
    uint32_t screen_width;      /* the logical screen descriptor's size */
    uint32_t screen_height;
    uint32_t frame_left;        /* the first frame's rectangle on the canvas */
    uint32_t frame_top;
    uint32_t frame_width;
    uint32_t frame_height;
    int interlaced;
    int local_color_map;        /* the frame has its own colour map (else the global one) */
    int color_count;            /* entries in the colour map the frame uses */
    int transparent_index;      /* from a Graphic Control Extension before the frame; -1 when none */
} vg_gif_info;

/// True when the bytes start with `GIF87a` or `GIF89a`.
int vg_gif_sniff(const uint8_t *data, size_t length);

/// Reads the screen descriptor and the records up to the first frame's
/// descriptor. The screen size is checked against `max_pixels` from the
/// header bytes before giflib is opened, the canvas size right after the
/// frame descriptor; VG_GIF_TOO_LARGE fills width and height.
int vg_gif_probe(const uint8_t *data, size_t length, uint64_t max_pixels, vg_gif_info *info);

/// Decodes the first frame onto a transparent canvas of the probed size as
/// straight RGBA8 (`out_length` >= width * height * 4), de-interlacing
/// rows. `*has_alpha` is set when any canvas pixel is left transparent.
/// Frames after the first are never read.
int vg_gif_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels,
                        uint8_t *out, size_t out_length, int *has_alpha);

/// What the records say about an animation, found by walking them without
/// decompressing any image data (LZW sub-blocks are skipped by length).
typedef struct {
    uint32_t width;             /* canvas, as vg_gif_probe gives it */
    uint32_t height;
    int frame_count;            /* frames whose records are complete */
    int loop_count;             /* the NETSCAPE2.0/ANIMEXTS1.0 value (0 = forever); -1 when absent */
    uint64_t duration_ms;       /* the frames' delays (centiseconds) times 10 */
    int damaged;                /* the walk stopped at a damaged or cut-off record */
} vg_gif_anim_info;

/// Walks every record (no LZW decoding, no pixel memory). The canvas is
/// checked against `max_pixels` as by vg_gif_probe. Damage after the first
/// complete frame ends the walk (`damaged` set); before it, it is an error.
int vg_gif_anim_scan(const uint8_t *data, size_t length, uint64_t max_pixels, vg_gif_anim_info *info);

/// An animation being decoded frame by frame; `data` must outlive it.
typedef struct vg_gif_anim vg_gif_anim;

/// Opens the animation (canvas as vg_gif_probe gives it, checked against
/// `max_pixels`); allocates the canvas once, transparent.
int vg_gif_anim_open(const uint8_t *data, size_t length, uint64_t max_pixels, vg_gif_anim **out);

/// Composes the next frame onto the canvas (the previous frame's disposal
/// applied first) and copies the canvas to `out` as straight RGBA8
/// (`out_length` >= width * height * 4). VG_GIF_END after the last frame;
/// any other code is the damage that stops the animation there.
int vg_gif_anim_next(vg_gif_anim *anim, uint8_t *out, size_t out_length, int *duration_ms);

void vg_gif_anim_close(vg_gif_anim *anim);

/// giflib's version, e.g. "5.2.1" (the headers it was built against: giflib has no run-time query).
const char *vg_gif_version(void);

#ifdef __cplusplus
}
#endif

#endif
